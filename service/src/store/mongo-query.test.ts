import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { duplicateKeyField, toDuplicateKeyError, toMongoFilter, toMongoUpdate } from './mongo-query';
import { openMongoStore } from './mongo-store';
import { DuplicateKeyError } from './port';
import { parseChange, parseFilter, parseFindOptions, sortSpec } from './query';

// The MongoDB adapter's pure parts, which run without a server (none can be installed on these machines).

describe('MongoDB filter translation', () => {
  it('maps each condition of the port one to one, and id to _id', () => {
    const filter = toMongoFilter(
      parseFilter({
        id: 'usr_1',
        team: 'core',
        nick: null,
        'profile.city': { $in: ['London', null] },
        status: { $ne: 'done' },
        age: { $gte: 18, $lt: 65 },
        deletedAt: { $exists: false },
      }),
    );
    expect(filter).toEqual({
      _id: 'usr_1',
      team: 'core',
      nick: null,
      'profile.city': { $in: ['London', null] },
      status: { $ne: 'done' },
      age: { $gte: 18, $lt: 65 },
      deletedAt: { $exists: false },
    });
  });

  it('leaves out undefined range bounds but refuses a range with none', () => {
    expect(toMongoFilter(parseFilter({ at: { $gte: '2024', $lt: undefined } }))).toEqual({ at: { $gte: '2024' } });
    expect(() => parseFilter({ at: { $gte: undefined } })).toThrow();
  });

  it.each([
    { name: { $regex: '.*' } },
    { $where: 'sleep(1000)' },
    { name: { $gt: { $function: 'x' } } },
    { name: { $in: [{ $gt: '' }] } },
    { 'a.$b': 1 },
    { _id: 'x' },
    { 'id.x': 'y' },
    { '': 1 },
    { 'a..b': 1 },
    { name: undefined },
    { at: new Date() },
  ])('refuses %j, which is outside the port', (filter) => {
    expect(() => parseFilter(filter as never)).toThrow();
  });

  it('sorts with id as the tie-break, in the same direction', () => {
    const { sort } = parseFindOptions({ sort: { field: 'createdAt', direction: -1 } });
    expect(sort && sortSpec(sort)).toEqual({ createdAt: -1, _id: -1 });
    const byId = parseFindOptions({ sort: { field: 'id', direction: 1 } }).sort;
    expect(byId && sortSpec(byId)).toEqual({ _id: 1 });
  });
});

describe('MongoDB change translation', () => {
  it('maps set, inc and unset; an undefined set is an unset', () => {
    const update = toMongoUpdate(
      parseChange({
        set: { status: 'running', 'meta.owner': 'w1', gone: undefined },
        inc: { attempts: 1 },
        unset: ['note'],
      }),
    );
    expect(update).toEqual({
      $set: { status: 'running', 'meta.owner': 'w1' },
      $inc: { attempts: 1 },
      $unset: { gone: '', note: '' },
    });
  });

  it('strips undefined fields from set values', () => {
    expect(toMongoUpdate(parseChange({ set: { meta: { owner: 'w', tags: undefined } } }))).toEqual({
      $set: { meta: { owner: 'w' } },
    });
  });

  it('leaves out empty operators', () => {
    expect(toMongoUpdate(parseChange({ inc: { n: 2 } }))).toEqual({ $inc: { n: 2 } });
    expect(toMongoUpdate(parseChange({}))).toEqual({});
  });

  it.each([
    { set: { id: 'other' } },
    { set: { _id: 'other' } },
    { set: { $where: 1 } },
    { set: { a: 1 }, inc: { a: 1 } },
    { set: { a: {} }, unset: ['a.b'] },
    { inc: { n: Number.NaN } },
    { inc: { n: '1' } },
    { unset: 'note' },
  ])('refuses %j', (change) => {
    expect(() => parseChange(change as never)).toThrow();
  });
});

describe('MongoDB duplicate-key errors', () => {
  it('reads the field from a server error (keyPattern)', () => {
    const error = new mongoose.mongo.MongoServerError({
      message: 'E11000 duplicate key error collection: quire.users index: email_1 dup key: { email: "a@b.c" }',
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@b.c' },
    });
    expect(duplicateKeyField(error)).toBe('email');
    const mapped = toDuplicateKeyError(error, 'users');
    expect(mapped).toBeInstanceOf(DuplicateKeyError);
    expect(mapped).toMatchObject({ code: 'duplicate_key', collection: 'users', field: 'email' });
  });

  it('names _id as id, and reads dot paths', () => {
    expect(duplicateKeyField({ code: 11000, keyPattern: { _id: 1 } })).toBe('id');
    expect(duplicateKeyField({ code: 11000, keyValue: { 'profile.handle': 'ada' } })).toBe('profile.handle');
  });

  it.each([
    ['E11000 duplicate key error collection: q.users index: email_1 dup key: { email: "x" }', 'email'],
    ['E11000 duplicate key error collection: q.users index: profile.handle_1 dup key: { : "x" }', 'profile.handle'],
    ['E11000 duplicate key error collection: q.users index: _id_ dup key: { _id: "u1" }', 'id'],
    ['E11000 duplicate key error index: q.users.$email_1 dup key: { : "x" }', 'email'],
  ])('falls back to the message of older servers: %s', (message, field) => {
    expect(duplicateKeyField({ code: 11000, message })).toBe(field);
  });

  it('ignores other errors', () => {
    expect(duplicateKeyField(new Error('E11000 lookalike'))).toBeUndefined();
    expect(toDuplicateKeyError({ code: 121, message: 'Document failed validation' }, 'users')).toBeUndefined();
    expect(toDuplicateKeyError(null, 'users')).toBeUndefined();
    expect(toDuplicateKeyError({ code: 11000, message: 'E11000' }, 'users')).toMatchObject({ field: 'unknown' });
  });
});

describe('MongoDB store without a server', () => {
  it('imports, and fails to open cleanly when no server answers', async () => {
    await expect(
      openMongoStore('mongodb://127.0.0.1:9/quire_none', { serverSelectionTimeoutMS: 300 }),
    ).rejects.toThrow();
  });
});
