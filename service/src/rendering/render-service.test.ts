import { getPlan } from '@quire/core';
import type { RenderOptions } from '@quire/render';
import { describe, expect, it } from 'vitest';
import { createRenderService, type RenderServiceDeps } from './render-service';

/** A render service whose pool keeps what it was asked to run and answers nothing of substance. */
function serviceWith(deps: Partial<RenderServiceDeps>) {
  const ran: RenderOptions[] = [];
  const service = createRenderService({
    pool: {
      run: async <TIn, TOut>(input: TIn) => {
        ran.push(input as RenderOptions);
        return {} as TOut;
      },
    },
    lanes: { reports: 1, previews: 1 },
    planOf: async () => getPlan('free'),
    ...deps,
  });
  return { service, ran };
}

const options: RenderOptions = { template: { html: '<p>Hi</p>' }, data: {} };

describe('the render service engine', () => {
  it('renders reports, previews and checks with the configured engine', async () => {
    const { service, ran } = serviceWith({ engine: 'chromium' });
    await service.report('team_a', options);
    await service.preview('team_a', options);
    await service.check(null, options);
    expect(ran.map((input) => input.engine)).toEqual(['chromium', 'chromium', 'chromium']);
  });

  it("leaves the renderer's default when no engine is configured", async () => {
    const { service, ran } = serviceWith({});
    await service.report('team_a', options);
    expect(ran[0]).not.toHaveProperty('engine');
    expect(ran[0]?.limits).toMatchObject({ pdfPages: getPlan('free').rendering.pdf_max_pages });
  });
});
