/**
 * engine/repository/answer: a read's answer written by the database: the statement of a plan and
 * its AnswerShape, compiled once (prepareAnswer) and run with the entry's id for a one-entry read
 * (runAnswer). PostgreSQL prepares it per connection under a name of its text (run-sql.ts,
 * prepared-statements.ts): the statement is long and its parse and plan cost more than its run.
 */
import { createHash } from 'node:crypto';
import type { FindOnePlan, FindPlan } from '../../plan/types.js';
import type { AnswerShape } from '../../response/answer-shape.js';
import type { RunContext } from '../run-context.js';
import { runSql } from '../run-sql.js';
import { answerStatement, ENTRY_ID } from './answer-statement.js';
import { printJsonValues } from './json-marks.js';

/** a compiled answer: its text, its bindings (ENTRY_ID where a one-entry read's id goes) and the name it is prepared under */
export interface PreparedAnswer {
  readonly text: string;
  readonly bindings: readonly unknown[];
  readonly name: string;
}

/** what the statement answered: the text, and whether a one-entry read found its entry (lists: true) */
export interface AnsweredText {
  readonly text: string;
  readonly found: boolean;
}

export function prepareAnswer(ctx: RunContext, plan: FindPlan | FindOnePlan, shape: AnswerShape): PreparedAnswer {
  const { text, bindings } = ctx.dialect.printer.print(answerStatement(ctx, plan, shape));
  return { text, bindings, name: `quire_answer_${createHash('sha1').update(text).digest('base64url')}` };
}

/** `id`: the entry of a one-entry read by id (its plan's id, or another of the same read) */
export async function runAnswer(ctx: RunContext, prepared: PreparedAnswer, id?: number): Promise<AnsweredText> {
  const bindings = prepared.bindings.includes(ENTRY_ID) ? prepared.bindings.map((b) => (b === ENTRY_ID ? id : b)) : prepared.bindings;
  const [row] = await runSql(ctx, prepared.text, bindings, prepared.name);
  return { text: printJsonValues(row.body as string), found: row.found === undefined ? true : Boolean(row.found) };
}
