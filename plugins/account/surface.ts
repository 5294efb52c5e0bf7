/** The account group as other groups see it. Types only. */
import type { AccountService } from './services/account-service.js';

export type { AccountService };

declare module '../../core/index.js' {
  interface GroupServices {
    accountService: AccountService;
  }
}
