import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { seriesApi as api } from './series.openapi';
import { renderSeries, renderSeriesList } from './series.resource';
import { changeSeries, changeVisit, createSeries, getSeries, listSeries } from './series.service';

/** Recurring cleanings (decision 088). */
export const seriesRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listBookingSeries), async (c) => {
    const { actor, deps, operations } = c.var;
    const mayCreate = actor.kind === 'customer' || actor.kind === 'cleaner';
    return c.json(renderSeriesList(operations, await listSeries(deps, actor), mayCreate));
  })
  .post(...endpoint(api.createBookingSeries), async (c) => {
    const answer = await createSeries(c.var.deps, c.var.actor, inputOf(c, api.createBookingSeries).json);
    return c.json(renderSeries(c.var.operations, answer), 201);
  })
  .get(...endpoint(api.getBookingSeries), async (c) => {
    const { id } = inputOf(c, api.getBookingSeries).param;
    return c.json(renderSeries(c.var.operations, await getSeries(c.var.deps, c.var.actor, id)));
  })
  .post(...endpoint(api.pauseBookingSeries), async (c) => {
    const { param, json } = inputOf(c, api.pauseBookingSeries);
    return c.json(renderSeries(c.var.operations, await changeSeries(c.var.deps, c.var.actor, param.id, 'pause', json)));
  })
  .post(...endpoint(api.resumeBookingSeries), async (c) => {
    const { param, json } = inputOf(c, api.resumeBookingSeries);
    return c.json(
      renderSeries(c.var.operations, await changeSeries(c.var.deps, c.var.actor, param.id, 'resume', json)),
    );
  })
  .post(...endpoint(api.endBookingSeries), async (c) => {
    const { param, json } = inputOf(c, api.endBookingSeries);
    return c.json(renderSeries(c.var.operations, await changeSeries(c.var.deps, c.var.actor, param.id, 'end', json)));
  })
  .post(...endpoint(api.declineBookingSeries), async (c) => {
    const { param, json } = inputOf(c, api.declineBookingSeries);
    return c.json(
      renderSeries(c.var.operations, await changeSeries(c.var.deps, c.var.actor, param.id, 'decline', json)),
    );
  })
  .post(...endpoint(api.skipSeriesVisit), async (c) => {
    const { param } = inputOf(c, api.skipSeriesVisit);
    const answer = await changeVisit(c.var.deps, c.var.actor, param.id, param.bookingId, 'skip');
    return c.json(renderSeries(c.var.operations, answer));
  })
  .post(...endpoint(api.declineSeriesVisit), async (c) => {
    const { param, json } = inputOf(c, api.declineSeriesVisit);
    const answer = await changeVisit(c.var.deps, c.var.actor, param.id, param.bookingId, 'decline', json);
    return c.json(renderSeries(c.var.operations, answer));
  });
