import { chromium, type Browser } from 'playwright-core';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium (CHROMIUM_PATH to use another), headless. `hosts` maps names to 127.0.0.1 in
 * the browser only, so a test page can live on a second origin (shop.example) next to the server.
 */
export function launchChromium(hosts: string[] = []): Promise<Browser> {
  const rules = hosts.map((h) => `MAP ${h} 127.0.0.1`).join(', ');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...ARGS, ...(rules ? [`--host-resolver-rules=${rules}`] : [])],
  });
}
