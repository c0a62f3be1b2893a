import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { MessageService } from './modules/outbox/message-service';
import type { AchProvider } from './providers/ach';
import type { BankConnectionProvider } from './providers/bank-connection';
import type { KycProvider } from './providers/kyc';
import type { EmailProvider } from './providers/email';
import type { SmsProvider } from './providers/sms';
import type { JobFunctionRegistry } from './functions/job-functions';

/** Everything a module needs, built once by buildApp and passed down explicitly. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  messages: MessageService;
  providers: {
    email: EmailProvider;
    sms: SmsProvider;
    ach: AchProvider;
    bankConnection: BankConnectionProvider;
    kyc: KycProvider;
  };
  jobFunctions: JobFunctionRegistry;
  log: FastifyBaseLogger;
}
