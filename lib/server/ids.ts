// Ids for rows the data layer writes with plain SQL (decision 026), in the shape Prisma's
// `@default(cuid())` gives the rows it writes itself (cuid version 1: "c", the time, a counter,
// a process fingerprint and randomness, 25 characters of [0-9a-z]), so every id reads alike and
// sorts roughly by creation. Collision safety comes from the counter within a process and the
// 41 random bits across processes, as for Prisma's own.
import { randomFillSync } from 'node:crypto';
import os from 'node:os';

const BLOCK = 4;
const DISCRETE = 36 ** BLOCK;
const pad = (text: string, size: number) => text.padStart(size, '0').slice(-size);
const fingerprint =
  pad(process.pid.toString(36), 2) + pad([...os.hostname()].reduce((sum, c) => sum + c.charCodeAt(0), os.hostname().length + 36).toString(36), 2);
// Random numbers drawn 256 at a time: one call into the random source per 128 ids.
const pool = new Uint32Array(256);
let drawn = pool.length;
function random(): number {
  if (drawn === pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  return pool[drawn++];
}
let counter = random() % DISCRETE;

function randomBlock(): string {
  return pad((random() % DISCRETE).toString(36), BLOCK);
}

export function newId(): string {
  counter = (counter + 1) % DISCRETE;
  return `c${Date.now().toString(36)}${pad(counter.toString(36), BLOCK)}${fingerprint}${randomBlock()}${randomBlock()}`;
}
