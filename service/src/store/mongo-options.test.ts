import { describe, expect, it } from 'vitest';
import { connectionOptions, consistencyOptions, DEFAULT_OPERATION_TIMEOUT_MS, databaseOf } from './mongo-options';

describe('the database a MongoDB URI names', () => {
  it.each([
    ['mongodb://localhost:27017', undefined],
    ['mongodb://localhost:27017/', undefined],
    ['mongodb://localhost:27017/?replicaSet=rs0', undefined],
    ['mongodb://localhost:27017?directConnection=true', undefined],
    ['mongodb+srv://cluster0.example.net/?retryWrites=true&w=majority', undefined],
    ['mongodb://a:27017,b:27017,c:27017/reports?replicaSet=rs0', 'reports'],
    ['mongodb://user:p%2Fss%40word@db.internal/quire_prod', 'quire_prod'],
    ['mongodb+srv://user:secret@cluster0.example.net/quire?authSource=admin', 'quire'],
    ['mongodb://%2Ftmp%2Fmongodb-27017.sock/local_db', 'local_db'],
    ['mongodb://host/my%20db', 'my db'],
  ])('%s names %s', (uri, database) => {
    expect(databaseOf(uri)).toBe(database);
  });
});

describe('MongoDB connection options', () => {
  it('uses the database the URI names, else quire (never the driver default test), unless one is given', () => {
    expect(connectionOptions('mongodb://db.internal:27017').dbName).toBe('quire');
    expect(connectionOptions('mongodb+srv://cluster0.example.net/?retryWrites=true').dbName).toBe('quire');
    expect(connectionOptions('mongodb://db.internal:27017/reports').dbName).toBe('reports');
    expect(connectionOptions('mongodb://db.internal:27017/reports', { dbName: 'other' }).dbName).toBe('other');
  });

  it('bounds every operation: server selection, connecting, a silent socket and the wait for a connection', () => {
    const options = connectionOptions('mongodb://db.internal');
    expect(options).toMatchObject({
      serverSelectionTimeoutMS: 10_000,
      connectTimeoutMS: 10_000,
      socketTimeoutMS: DEFAULT_OPERATION_TIMEOUT_MS + 5_000,
      waitQueueTimeoutMS: DEFAULT_OPERATION_TIMEOUT_MS,
    });
    const tight = connectionOptions('mongodb://db.internal', {
      operationTimeoutMS: 2_000,
      serverSelectionTimeoutMS: 500,
    });
    expect(tight).toMatchObject({ serverSelectionTimeoutMS: 500, socketTimeoutMS: 7_000, waitQueueTimeoutMS: 2_000 });
    // The driver's own timeoutMS does nothing in this version: the adapter must not count on it.
    expect(options).not.toHaveProperty('timeoutMS');
  });

  it('reads from the primary and waits for a majority, with a time limit on the acknowledgement', () => {
    const options = connectionOptions('mongodb://db.internal/?readPreference=secondary&w=1');
    expect(options.readPreference).toMatchObject({ mode: 'primary' });
    expect(options.writeConcern).toEqual({ w: 'majority', wtimeoutMS: DEFAULT_OPERATION_TIMEOUT_MS });
    expect(consistencyOptions(3_000)).toMatchObject({
      readPreference: { mode: 'primary' },
      writeConcern: { w: 'majority', wtimeoutMS: 3_000 },
    });
  });

  it('turns off what mongoose would do behind the adapter: buffering calls, building model indexes', () => {
    expect(connectionOptions('mongodb://db.internal')).toMatchObject({
      bufferCommands: false,
      autoIndex: false,
      autoCreate: false,
    });
  });
});
