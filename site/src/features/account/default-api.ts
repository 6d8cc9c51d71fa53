import { quire } from '../../api/client';
import { type AccountApi, createAccountApi } from './account-api';

/** The account routes on the service that serves the site. */
export const accountApi: AccountApi = createAccountApi(quire);
