/**
 * The widget's style, inside its shadow root: `:host { all: initial }` keeps the page's rules
 * (even `* { all: unset }`) from reaching in; the shop's colour arrives as a custom property.
 */
export const STYLES = `
:host{all:initial;--sb-primary:#1f6feb;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24}
*{box-sizing:border-box}
.launcher{position:fixed;bottom:20px;right:20px;width:56px;height:56px;border-radius:50%;border:0;background:var(--sb-primary);color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;z-index:2147483646}
.left .launcher,.left .panel{right:auto;left:20px}
.panel{position:fixed;bottom:88px;right:20px;width:360px;max-width:calc(100vw - 40px);height:520px;max-height:calc(100vh - 120px);display:flex;flex-direction:column;background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);overflow:hidden;z-index:2147483647}
.inline .panel{position:static;width:100%;max-width:none;height:100vh;max-height:none;border-radius:0;box-shadow:none}
.head{display:flex;align-items:center;gap:8px;padding:12px 14px;background:var(--sb-primary);color:#fff;font-weight:600}
.head img{width:28px;height:28px;border-radius:50%}
.head .title{flex:1}
.head button,.head select{background:transparent;color:#fff;border:1px solid rgba(255,255,255,.5);border-radius:6px;cursor:pointer;font:inherit;padding:2px 6px}
.head select option{color:#000}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#f6f8fa}
.msg{max-width:85%;padding:8px 11px;border-radius:12px;white-space:pre-wrap;word-wrap:break-word}
.msg.visitor{align-self:flex-end;background:var(--sb-primary);color:#fff}
.msg.visitor a{color:#fff}
.msg.assistant,.msg.agent{align-self:flex-start;background:#fff;border:1px solid #d0d7de}
.msg.system{align-self:center;background:transparent;color:#57606a;font-style:italic;text-align:center}
.who{display:block;font-size:11px;color:#57606a;margin-bottom:2px}
.cites{display:block;margin-top:6px;font-size:12px;color:#57606a}
.note{padding:6px 12px;color:#9a3412;background:#fff7ed;font-size:13px}
.note:empty{display:none}
form{display:flex;gap:6px;padding:10px;border-top:1px solid #d0d7de;background:#fff}
input{flex:1;min-width:0;padding:8px 10px;border:1px solid #d0d7de;border-radius:8px;font:inherit;color:inherit;background:#fff}
form button{padding:8px 12px;border:0;border-radius:8px;background:var(--sb-primary);color:#fff;font:inherit;cursor:pointer}
form button:disabled{opacity:.6;cursor:default}
.faq{border:1px solid #d0d7de;border-radius:10px;padding:12px;background:#fff;display:flex;flex-direction:column;gap:8px}
.faq h3{margin:0;font-size:16px}
.faq dl{margin:0}
.faq dt{font-weight:600;margin-top:6px}
.faq dd{margin:2px 0 0}
.faq form{padding:0;border:0}
.answer{white-space:pre-wrap}
`;
