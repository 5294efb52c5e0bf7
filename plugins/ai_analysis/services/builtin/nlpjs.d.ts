// The nlp.js packages ship no types; these are the parts the built-in sentiment uses.
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void;
  }
  export function containerBootstrap(): Promise<Container>;
}
declare module '@nlpjs/sentiment' {
  import type { Container } from '@nlpjs/core';
  export class SentimentAnalyzer {
    constructor(settings: { container: Container });
    process(input: { locale: string; text: string; tokens?: string[] }): Promise<{
      sentiment: { score: number; numWords: number; numHits: number; average: number; type: string; vote: string };
    }>;
  }
}
declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
}
declare module '@nlpjs/lang-es' {
  export const LangEs: unknown;
}
declare module '@nlpjs/lang-de' {
  export const LangDe: unknown;
}
declare module '@nlpjs/lang-fr' {
  export const LangFr: unknown;
}
declare module '@nlpjs/lang-it' {
  export const LangIt: unknown;
}
declare module '@nlpjs/lang-pt' {
  export const LangPt: unknown;
}
declare module '@nlpjs/lang-hu' {
  export const LangHu: unknown;
}
