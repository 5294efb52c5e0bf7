import type { Services } from '../../../core/index.js';
import type { AssistantAnswer } from '../../knowledge/surface.js';
import { serverText } from './visitors/server-strings.js';
import { loadView, type WidgetView } from './visitors/widget-view.js';

/**
 * What the shop's people can try and measure from the tools: the chat widget's answer and a
 * document assistant's, exactly as a visitor would get them but with no session and no counting;
 * and the widgets' figures.
 */
export class WidgetPreviewService {
  constructor(private readonly deps: Services) {}

  async previewChat(message: string) {
    await this.deps.widgetConfigService.current('chat');
    const view = await loadView(this.deps, { kind: 'chat', assistantId: null });
    return this.shown(view, await this.deps.widgetVisitorService.compose(view, message));
  }

  async askDocqa(assistantId: number, question: string) {
    await this.deps.widgetDocqaService.find(assistantId);
    const view = await loadView(this.deps, { kind: 'docqa', assistantId });
    const answer = await this.deps.widgetVisitorService.compose(view, question);
    return this.shown(view, answer);
  }

  async stats(days: number) {
    const rows = await this.deps.em.execute<
      { widget: string; sessions: number; visitor: number; assistant: number; agent: number; handed_off: number }[]
    >(
      `select s.widget, count(distinct s.id)::int as sessions,
         count(m.id) filter (where m.role = 'visitor')::int as visitor,
         count(m.id) filter (where m.role = 'assistant')::int as assistant,
         count(m.id) filter (where m.role = 'agent')::int as agent,
         count(distinct s.id) filter (where s.status = 'handed_off')::int as handed_off
       from widget_sessions s left join widget_messages m on m.session_id = s.id
       where s.shop_id = ? and s.created_at > now() - make_interval(days => ?)
       group by s.widget order by s.widget`,
      [this.deps.shop.id, days],
    );
    return {
      days,
      widgets: rows.map((r) => ({
        widget: r.widget,
        sessions: r.sessions,
        visitor_messages: r.visitor,
        assistant_answers: r.assistant,
        agent_replies: r.agent,
        handed_off: r.handed_off,
        answered_percent:
          r.visitor === 0 ? null : Math.round((1000 * Math.min(r.assistant, r.visitor)) / r.visitor) / 10,
      })),
    };
  }

  private async shown(view: WidgetView, answer: AssistantAnswer) {
    const answered = answer.text !== null;
    const text = answered
      ? answer.text!
      : serverText(view.kind === 'docqa' ? 'not_in_documents' : 'handoff', view.languageFixed ?? 'en', view.texts);
    return {
      answer: text,
      answered,
      citations: await this.deps.widgetVisitorService.citationsOf(view, answer),
      engine: answer.engine,
      ...(answer.notice && { notice: answer.notice }),
    };
  }
}
