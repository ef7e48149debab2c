import { type Analysis, type AnalysisInput, type Citation } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { DomainError, notFound } from '../../lib/errors.js';
import { KeyedConcurrency } from '../../lib/keyed-concurrency.js';
import { recordAudit } from '../audit/audit.service.js';
import { type IncidentRow, incidentsReads } from '../incidents/incidents.reads.js';
import { toAnalysisDto } from './analysis.mapper.js';
import { type NewAnalysis, analysisRepository } from './analysis.repository.js';
import { composeAnswer } from './built-in-analyst.js';
import { keepCited } from './citations.js';
import { type AnalysisContext, buildContext } from './context.js';
import { type LlmClient, ModelError } from './llm-client.js';
import { promptOf } from './prompt.js';

/** What a refused question is told to wait before asking again. */
const MODEL_BUSY_RETRY_SECONDS = 5;

/** The latest analyses of an incident a list shows. */
const LIST_LIMIT = 100;

/** Receives the answer as it is written. */
export type OnText = (text: string) => Promise<void> | void;

/** A question that may be asked, with what it will be answered from. */
export type PreparedAnalysis = {
  actor: Actor;
  incident: IncidentRow;
  question: string;
  context: AnalysisContext;
  /** Gives back the organization's place with the model (taken by prepare). */
  release: () => void;
};

type Outcome = Pick<NewAnalysis, 'engine' | 'model' | 'status' | 'error'> & {
  answer: string;
  citations: Citation[];
};

/** Lets the event loop send what was written before the next piece. */
const yieldToSend = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The analysis assistant: anyone in an organization asks about an event it sees, and gets an
 * answer grounded in the organization's own data — from the configured language model, else
 * from the built-in analyst — with the records it used cited. Every answer is kept, failed
 * ones too (with why), and audited.
 */
export class AnalysisService {
  /** Model calls each organization has running: a few at most, so one cannot take them all. */
  private readonly modelPlaces: KeyedConcurrency;

  constructor(
    private readonly db: Database,
    private readonly llm: LlmClient | null,
    private readonly log: FastifyBaseLogger,
    concurrencyPerOrganization = 3,
  ) {
    this.modelPlaces = new KeyedConcurrency(concurrencyPerOrganization);
  }

  async list(actor: Actor, incidentId: string): Promise<Analysis[]> {
    await this.visible(actor, incidentId);
    const rows = await analysisRepository.list(
      this.db,
      actor.organizationId,
      incidentId,
      LIST_LIMIT,
    );
    return rows.map(({ analysis, asker }) => toAnalysisDto(analysis, asker));
  }

  /**
   * Checks the incident is visible, takes one of the organization's places with the model (429
   * when all are taken) and gathers the records: before any answer is streamed. `answer` gives
   * the place back.
   */
  async prepare(actor: Actor, incidentId: string, input: AnalysisInput): Promise<PreparedAnalysis> {
    const incident = await this.visible(actor, incidentId);
    const release = this.takeModelPlace(actor);
    try {
      const context = await buildContext(this.db, actor, incident);
      return { actor, incident, question: input.question, context, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Answers (pieces to `onText` as they are written) and stores the analysis, failed or not. */
  async answer(prepared: PreparedAnalysis, onText: OnText = () => undefined): Promise<Analysis> {
    try {
      const outcome = this.llm
        ? await this.fromModel(this.llm, prepared, onText)
        : await this.fromBuiltIn(prepared, onText);
      return await this.store(prepared, outcome);
    } finally {
      prepared.release();
    }
  }

  /** The built-in analyst costs little: only model calls are counted. */
  private takeModelPlace(actor: Actor): () => void {
    if (!this.llm) return () => undefined;
    const release = this.modelPlaces.tryAcquire(actor.organizationId);
    if (!release) {
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        API_MESSAGES.analysis.busy(this.modelPlaces.limit),
        MODEL_BUSY_RETRY_SECONDS,
      );
    }
    return release;
  }

  private async fromBuiltIn(prepared: PreparedAnalysis, onText: OnText): Promise<Outcome> {
    const { answer, citations } = keepCited(
      composeAnswer(prepared.context, prepared.question),
      prepared.context.citations,
    );
    // Section by section, as a model would stream it: the client reads both the same way.
    for (const piece of answer.split(/(?=\n\n## )/)) {
      await onText(piece);
      await yieldToSend();
    }
    return { engine: 'BUILT_IN', model: null, status: 'COMPLETE', error: null, answer, citations };
  }

  private async fromModel(
    llm: LlmClient,
    prepared: PreparedAnalysis,
    onText: OnText,
  ): Promise<Outcome> {
    const { context, question } = prepared;
    try {
      const answer = await llm.complete(promptOf(context, question), onText);
      return {
        engine: 'LLM',
        model: llm.model,
        status: 'COMPLETE',
        error: null,
        ...keepCited(answer, context.citations),
      };
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      this.log.warn(
        { incidentId: prepared.incident.id, model: llm.model, reason: error.message },
        'the language model gave no answer',
      );
      return {
        engine: 'LLM',
        model: llm.model,
        status: 'FAILED',
        error: error.message,
        ...(error.partial
          ? keepCited(error.partial, context.citations)
          : { answer: '', citations: [] }),
      };
    }
  }

  private async store({ actor, incident, question }: PreparedAnalysis, outcome: Outcome) {
    return this.db.transaction(async (tx) => {
      const row = await analysisRepository.insert(tx, {
        organizationId: actor.organizationId,
        incidentId: incident.id,
        question,
        askedBy: actor.user.id,
        ...outcome,
      });
      await recordAudit(tx, actor, {
        action: 'analysis.create',
        targetType: 'analysis',
        targetId: row.id,
        after: {
          incidentId: incident.id,
          question,
          engine: outcome.engine,
          model: outcome.model,
          status: outcome.status,
          error: outcome.error,
          citations: outcome.citations.length,
        },
      });
      return toAnalysisDto(row, actor.user);
    });
  }

  private async visible(actor: Actor, incidentId: string): Promise<IncidentRow> {
    const incident = await incidentsReads.findVisible(this.db, actor.organizationId, incidentId);
    if (!incident) throw notFound(API_MESSAGES.analysis.incidentNotFound);
    return incident;
  }
}
