import type { AppContext } from '../context';
import type { IsoDate } from '../../shared/dates/calendar-date';

export interface JobFunctionInput {
  jobId: string | null;
  executionDate: IsoDate;
  configuration?: Record<string, unknown>;
}

export interface JobFunctionResult {
  recordsProcessed: number;
  /** The function's own figures, kept in the execution history. */
  metadata?: Record<string, unknown>;
}

export type JobFunction = (context: AppContext, input: JobFunctionInput) => Promise<JobFunctionResult>;

export interface JobFunctionDefinition {
  name: string;
  description: string;
  run: JobFunction;
}

/** The named server functions scheduled jobs may call (PRODUCT.md 30). */
export class JobFunctionRegistry {
  readonly #functions = new Map<string, JobFunctionDefinition>();

  register(definition: JobFunctionDefinition): void {
    if (this.#functions.has(definition.name))
      throw new Error(`Job function ${definition.name} registered twice`);
    this.#functions.set(definition.name, definition);
  }

  get(name: string): JobFunctionDefinition | undefined {
    return this.#functions.get(name);
  }

  has(name: string): boolean {
    return this.#functions.has(name);
  }

  names(): string[] {
    return [...this.#functions.keys()].sort();
  }
}
