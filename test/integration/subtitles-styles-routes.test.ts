import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeTestApp } from '../fixtures/route-app.js';
import { subtitleStyleRoutes } from '../../src/main/api/routes/subtitle-styles.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import {
  createSubtitleStylesRepository,
  type SubtitleStylesRepository,
} from '../../src/main/store/subtitle-styles-repository.js';

describe('/v1/subtitle_styles routes', () => {
  let dir: string;
  let db: Db;
  let styles: SubtitleStylesRepository;
  let app: ReturnType<typeof buildApp>;

  function buildApp() {
    const instance = routeTestApp();
    void instance.register(subtitleStyleRoutes, { styles });
    return instance;
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-styles-'));
    db = openDatabase(path.join(dir, 'dubdesk.db'));
    styles = createSubtitleStylesRepository(createSqliteClient(db));
    app = buildApp();
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const create = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/v1/subtitle_styles', payload });

  it('lists the built-in styles before any style is created', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/subtitle_styles' });
    expect(response.statusCode).toBe(200);
    const list = response.json().subtitle_styles;
    expect(list.map((style: { subtitle_style_id: string }) => style.subtitle_style_id)).toEqual([
      'builtin:default',
      'builtin:boxed',
      'builtin:large',
      'builtin:yellow',
    ]);
    expect(list[0]).toEqual({
      subtitle_style_id: 'builtin:default',
      name: 'Default: white with black outline',
      builtin: true,
      font_family: 'DejaVu Sans',
      font_size: 0.05,
      primary_colour: '#FFFFFF',
      outline_colour: '#000000',
      outline_width: 0.08,
      shadow: 0,
      box: false,
      box_colour: '#000000B3',
      bold: false,
      italic: false,
      alignment: 'center',
    });
  });

  it('creates a style with the defaults for fields left out, and lists it after the built-ins', async () => {
    const response = await create({ name: 'Brand', primary_colour: '#ffcc00', box: true, font_size: 0.06 });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Brand',
      builtin: false,
      primary_colour: '#FFCC00',
      box: true,
      font_size: 0.06,
      font_family: 'DejaVu Sans',
      alignment: 'center',
    });
    expect(created.subtitle_style_id).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(created.created_at)).not.toBeNaN();

    const list = (await app.inject({ method: 'GET', url: '/v1/subtitle_styles' })).json().subtitle_styles;
    expect(list.at(-1)).toEqual(created);
    const one = await app.inject({ method: 'GET', url: `/v1/subtitle_styles/${created.subtitle_style_id}` });
    expect(one.json()).toEqual(created);
  });

  it('replaces a style with PUT and keeps it across a reopen of the database', async () => {
    const { subtitle_style_id: id } = (await create({ name: 'First', bold: true })).json();
    const put = await app.inject({
      method: 'PUT',
      url: `/v1/subtitle_styles/${id}`,
      payload: { name: 'Second', alignment: 'left', outline_colour: '#112233AA' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      subtitle_style_id: id,
      name: 'Second',
      alignment: 'left',
      outline_colour: '#112233AA',
      bold: false,
    });

    db.close();
    db = openDatabase(path.join(dir, 'dubdesk.db'));
    const reopened = await createSubtitleStylesRepository(createSqliteClient(db)).get(id);
    expect(reopened).toMatchObject({
      id,
      name: 'Second',
      alignment: 'left',
      outlineColour: '#112233AA',
      builtin: false,
    });
  });

  it('deletes a style (204), after which it is not found (404)', async () => {
    const { subtitle_style_id: id } = (await create({ name: 'Temporary' })).json();
    expect((await app.inject({ method: 'DELETE', url: `/v1/subtitle_styles/${id}` })).statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `/v1/subtitle_styles/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'not_found' });
    expect((await app.inject({ method: 'DELETE', url: `/v1/subtitle_styles/${id}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'PUT', url: `/v1/subtitle_styles/${id}`, payload: { name: 'x' } })).statusCode,
    ).toBe(404);
  });

  it('refuses to change or delete a built-in style with 409 conflict', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/v1/subtitle_styles/builtin:boxed',
      payload: { name: 'Mine now' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/built in/) });
    const del = await app.inject({ method: 'DELETE', url: '/v1/subtitle_styles/builtin:default' });
    expect(del.statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: '/v1/subtitle_styles/builtin:boxed' })).json().name).toMatch(
      /^Boxed/,
    );
  });

  it('rejects unknown fields, bad colours, sizes out of range and font names that would break the ASS file', async () => {
    for (const payload of [
      { name: 'x', colour: '#FFFFFF' },
      { name: 'x', primary_colour: 'white' },
      { name: 'x', primary_colour: '#FFF' },
      { name: 'x', font_size: 0.5 },
      { name: 'x', font_family: 'Arial,Bold' },
      { name: 'x', font_family: 'A{\\b1}' },
      { name: 'x', alignment: 'justify' },
      { name: '' },
      {},
    ]) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
  });

  it('resolves the style a job names, builtin:default when it names none, and not_found for an unknown id', async () => {
    expect((await styles.resolve(undefined)).id).toBe('builtin:default');
    expect((await styles.resolve('builtin:large')).fontSize).toBe(0.065);
    await expect(styles.resolve('nope')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
