import { Quire } from '@quire/client';
import { FAKE_BASE_URL, type FakeQuireOptions, FakeQuireService } from './service';

export { aiReport, defaultAiTurn, type FakeAiTurn, type RemainingFinding } from './ai';
export {
  FAKE_BASE_URL,
  FAKE_TEAM_ID,
  FAKE_USER_ID,
  type FakeBehaviour,
  type FakeOverride,
  type FakeQuireOptions,
  FakeQuireService,
  type FakeReportSeed,
  type FakeReportStatus,
  type FakeRequest,
  type FakeTemplateSeed,
} from './service';

/**
 * A real `@quire/client` whose fetch is answered by {@link FakeQuireService}: the components under it talk to
 * Quire exactly as they do in an application, with no service running. No retries: a story that shows an error
 * shows it at once.
 */
export function createFakeQuire(options: FakeQuireOptions = {}): { client: Quire; service: FakeQuireService } {
  const service = new FakeQuireService(options);
  const client = new Quire({
    apiKey: 'qk_test_storybook',
    baseUrl: FAKE_BASE_URL,
    fetch: service.fetch,
    maxRetries: 0,
  });
  return { client, service };
}
