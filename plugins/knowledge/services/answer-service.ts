import { Type, type Services } from '../../../core/index.js';
import { BUILTIN_NOTICE, type Surface } from '../../prompt/surface.js';
import type { SearchHit, SearchSource } from './search-service.js';

export interface AnswerRequest {
  surface: Surface;
  /** The customer's message. */
  question: string;
  /** Extra instructions of the caller (a workflow step's). */
  instructions?: string | null;
  /** Only these sources (a document Q&A assistant answers from documents alone). */
  sources?: SearchSource[];
  /** Only this collection's documents (a document Q&A assistant's files). */
  collection?: string;
}

export interface Citation {
  source: 'snippet' | 'document';
  id: number;
  title: string;
  document_id: number | null;
  /** Where in the document: its headings, or `Page n` of a PDF. */
  heading_path: string[] | null;
}

export interface AssistantAnswer {
  /** The answer to send; null: the assistant cannot answer (hand over to a person). */
  text: string | null;
  citations: Citation[];
  engine: 'builtin' | 'openai_compatible';
  model: string | null;
  notice?: string;
}

/** On the built-in engine a snippet answers only when it holds this share of the question's words. */
const CONFIDENT = 0.5;
const FACTS = 4;
/** A document passage sent as an answer on the built-in engine is cut here (a chat message, not a page). */
const PASSAGE_CHARS = 700;

const ModelAnswer = Type.Object({
  answer: Type.String({ description: 'The reply to the customer, in their language; empty when handing off.' }),
  handoff: Type.Boolean({ description: 'true when the facts do not answer the question and a person should.' }),
});

const citationOf = (hit: SearchHit): Citation => ({
  source: hit.source,
  id: hit.id,
  title: hit.title,
  document_id: hit.document_id,
  heading_path: hit.heading_path,
});

/**
 * The assistant's answer to a customer from the shop's knowledge, for every surface that answers
 * customers (workflow steps, widgets, voice). With a language model: the shop's prompt for the
 * surface, the best matching snippets and passages as the only facts, and a JSON answer that says
 * when to hand over. On the built-in engine: the best match itself when it is a confident one
 * (labelled), else a hand-over — never an invented answer. Call it outside a transaction.
 */
export class KnowledgeAnswerService {
  constructor(private readonly deps: Services) {}

  async answer(request: AnswerRequest): Promise<AssistantAnswer> {
    const found = await this.deps.knowledgeSearchService.search({
      query: request.question,
      surface: request.surface,
      topK: FACTS,
      ...(request.sources && { sources: request.sources }),
      ...(request.collection && { collection: request.collection }),
    });
    const hits: SearchHit[] = found.results;
    if (found.engine === 'builtin') {
      const best = hits[0];
      if (!best || best.score < CONFIDENT)
        return { text: null, citations: [], engine: 'builtin', model: null, notice: BUILTIN_NOTICE };
      const text = best.source === 'snippet' ? best.content : passage(best.content);
      return { text, citations: [citationOf(best)], engine: 'builtin', model: null, notice: BUILTIN_NOTICE };
    }
    const prompt = await this.deps.promptService.effective(request.surface);
    const facts = hits
      .map((h, i) => `[${i + 1}] ${h.title}${h.question ? ` — ${h.question}` : ''}\n${h.content}`)
      .join('\n\n');
    const answer = await this.deps.promptAiService.chat({
      surface: request.surface,
      task: 'chat',
      schema: ModelAnswer,
      messages: [
        {
          role: 'system',
          content: [
            prompt.text,
            request.instructions ?? '',
            'Answer the customer only from the facts below. When they do not answer the question, set handoff to true and leave answer empty.',
            `Facts:\n${facts || '(none)'}`,
          ]
            .filter(Boolean)
            .join('\n\n'),
        },
        { role: 'user', content: request.question },
      ],
    });
    const data = answer.data as { answer: string; handoff: boolean };
    const text = data.handoff || data.answer.trim() === '' ? null : data.answer.trim();
    return { text, citations: text ? hits.map(citationOf) : [], engine: 'openai_compatible', model: answer.model };
  }
}

function passage(content: string): string {
  if (content.length <= PASSAGE_CHARS) return content;
  const cut = content.slice(0, PASSAGE_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
  return `${(end > PASSAGE_CHARS / 2 ? cut.slice(0, end + 1) : cut).trim()}…`;
}
