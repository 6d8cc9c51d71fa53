import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import mongoose from 'mongoose';

/**
 * A MongoDB server as the driver meets it on the wire, on a loopback port, answering from a script. No MongoDB
 * server can be installed on these machines, so the adapter's talk with the real driver (the commands it sends,
 * their options, what it does with errors, stalls and short reads) is checked against this. It speaks the wire
 * protocol (OP_QUERY for the driver's first handshake, OP_MSG for everything else) and answers the handshake and
 * a few housekeeping commands itself; every other command goes to the test's handler. It knows nothing of data:
 * what a find returns is what the test says.
 */

const { BSON } = mongoose.mongo;
const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

export type Doc = Record<string, unknown>;

/** A command as the server received it: its name (the first key), its database and its whole body. */
export interface ReceivedCommand {
  name: string;
  db: string;
  body: Doc;
}

/** An answer: a reply document (`ok: 1` is added unless it says `ok`), or `'stall'` to never answer. */
export type Answer = Doc | 'stall';
export type Handler = (command: ReceivedCommand) => Answer | Promise<Answer> | undefined;

export interface FakeMongod {
  /** `mongodb://127.0.0.1:<port>`, without a database or options. */
  readonly uri: string;
  /** Every command received after the handshake, in order (hello and housekeeping left out). */
  readonly commands: ReceivedCommand[];
  /** The commands named `name` received so far. */
  received(name: string): ReceivedCommand[];
  /** Answers commands the default answers do not cover (and may override them); the last set wins. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** What a mongos says about itself: the driver then sends read preferences other than primary, and write concerns. */
function hello(connectionId: number): Doc {
  return {
    ismaster: true,
    isWritablePrimary: true,
    helloOk: true,
    msg: 'isdbgrid',
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: 17, // MongoDB 6.0
    ok: 1,
  };
}

const HOUSEKEEPING = new Set(['ismaster', 'isMaster', 'hello', 'ping', 'endSessions', 'buildInfo', 'buildinfo']);

/** A cursor reply holding all of `docs` (cursor id 0: nothing more to fetch). */
export function cursorReply(ns: string, docs: Doc[]): Doc {
  return { cursor: { id: BSON.Long.fromNumber(0), ns, firstBatch: docs }, ok: 1 };
}

/** A command error as the server sends it. */
export function commandError(code: number, codeName: string, errmsg: string, extra: Doc = {}): Doc {
  return { ok: 0, code, codeName, errmsg, ...extra };
}

export async function startFakeMongod(): Promise<FakeMongod> {
  const commands: ReceivedCommand[] = [];
  const sockets = new Set<Socket>();
  let handler: Handler = () => undefined;
  let connections = 0;

  const answer = async (command: ReceivedCommand): Promise<Answer> => {
    const scripted = await handler(command);
    if (scripted !== undefined) return scripted;
    switch (command.name) {
      case 'ismaster':
      case 'isMaster':
      case 'hello':
        return hello(connections);
      case 'find':
      case 'aggregate':
      case 'listIndexes':
        return cursorReply(`${command.db}.${String(command.body[command.name])}`, []);
      case 'createIndexes':
        return { numIndexesBefore: 1, numIndexesAfter: 2, createdCollectionAutomatically: false };
      case 'dropIndexes':
        return { nIndexesWas: 2 };
      case 'insert':
        return { n: Array.isArray(command.body.documents) ? command.body.documents.length : 1 };
      default:
        return {};
    }
  };

  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      buffered = Buffer.concat([buffered, data]);
      while (buffered.length >= 4 && buffered.length >= buffered.readInt32LE(0)) {
        const length = buffered.readInt32LE(0);
        const message = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        void reply(socket, message).catch(() => socket.destroy());
      }
    });
  });

  async function reply(socket: Socket, message: Buffer): Promise<void> {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    const { body, legacy } = opCode === OP_QUERY ? readQuery(message) : readMsg(message);
    const name = Object.keys(body)[0] ?? '';
    const command: ReceivedCommand = { name, db: String(body.$db ?? 'admin'), body };
    if (!HOUSEKEEPING.has(name)) commands.push(command);
    const answered = await answer(command);
    if (answered === 'stall' || socket.destroyed) return;
    const doc = 'ok' in answered ? answered : { ...answered, ok: 1 };
    socket.write(legacy ? writeReply(requestId, doc) : writeMsg(requestId, doc));
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    commands,
    received: (name) => commands.filter((command) => command.name === name),
    handle(next) {
      handler = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readQuery(message: Buffer): { body: Doc; legacy: true } {
  let at = 16 + 4; // header, flags
  at = message.indexOf(0, at) + 1; // fullCollectionName
  at += 8; // numberToSkip, numberToReturn
  const size = message.readInt32LE(at);
  return { body: BSON.deserialize(message.subarray(at, at + size)), legacy: true };
}

function readMsg(message: Buffer): { body: Doc; legacy: false } {
  const flags = message.readUInt32LE(16);
  const end = message.length - (flags & 1 ? 4 : 0); // a checksum may follow the sections
  let at = 20;
  let body: Doc = {};
  const sequences: Record<string, Doc[]> = {};
  while (at < end) {
    const kind = message.readUInt8(at);
    at += 1;
    const size = message.readInt32LE(at);
    if (kind === 0) {
      body = BSON.deserialize(message.subarray(at, at + size));
    } else {
      // A document sequence: its identifier names the field of the command it belongs to (`documents`).
      const nameEnd = message.indexOf(0, at + 4);
      const identifier = message.toString('utf8', at + 4, nameEnd);
      const docs: Doc[] = [];
      for (let doc = nameEnd + 1; doc < at + size; doc += message.readInt32LE(doc)) {
        docs.push(BSON.deserialize(message.subarray(doc, doc + message.readInt32LE(doc))));
      }
      sequences[identifier] = docs;
    }
    at += size;
  }
  return { body: { ...body, ...sequences }, legacy: false };
}

function header(length: number, responseTo: number, opCode: number): Buffer {
  const head = Buffer.alloc(16);
  head.writeInt32LE(length, 0);
  head.writeInt32LE(0, 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(opCode, 12);
  return head;
}

function writeMsg(responseTo: number, doc: Doc): Buffer {
  const bytes = Buffer.from(BSON.serialize(doc));
  const flags = Buffer.alloc(5); // flagBits, then section kind 0
  return Buffer.concat([header(16 + 5 + bytes.length, responseTo, OP_MSG), flags, bytes]);
}

function writeReply(responseTo: number, doc: Doc): Buffer {
  const bytes = Buffer.from(BSON.serialize(doc));
  const fields = Buffer.alloc(20); // responseFlags, cursorID (8), startingFrom, numberReturned
  fields.writeInt32LE(1, 16);
  return Buffer.concat([header(16 + 20 + bytes.length, responseTo, OP_REPLY), fields, bytes]);
}
