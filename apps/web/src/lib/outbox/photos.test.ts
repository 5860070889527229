// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../api-client';
import { memoryOutboxStore } from './idb-store';
import { cleanUpPhotos, configureOutbox, deleteOutboxItem, keepPhoto, photoPreview, setOutboxStore, useOutboxView } from './outbox-runtime';
import { ORPHAN_PHOTO_MS, photoIdsIn, photoRef, replacePhotoRefs } from './photos';
import { drainOutbox, OUTBOX_PHOTO_MISSING, sendPhoto } from './sender';
import { submitFieldWrite } from './submit';
import type { OutboxItem, OutboxPhoto, SendOutcome } from './types';

const request = vi.hoisted(() => vi.fn());
vi.mock('../api-client', async (importOriginal) => ({ ...(await importOriginal<typeof ApiClient>()), request }));

const CREATE = '/seller/fenghe/staff/followup/create';
const followUp = { kind: 'followUp' as const, customerId: 7, content: '拜访', type: '拜访' };
const photo = (id: string, userId: number, createdAt = 1): OutboxPhoto => ({ id, userId, blob: new Blob(['png'], { type: 'image/png' }), fileName: `${id}.png`, createdAt });
const item = (id: string, userId: number, body: unknown): OutboxItem => ({ id, userId, path: CREATE, body, createdAt: 1, state: 'waiting', context: followUp });
const uploaded = (url: string): SendOutcome => ({ kind: 'sent', data: { url, name: 'a.png', size: 3, contentType: 'image/png' } });

let user: { userId: number; token: string } | null = null;
configureOutbox({ getUser: () => user, getSiteId: () => 101, onSessionChange: () => undefined });
afterEach(() => {
  user = null;
  request.mockReset();
});

describe('local photo references in a body', () => {
  it('are found anywhere (images arrays, checkIn.photo, nested) and replaced by the uploaded URLs', () => {
    const body = { siteId: 1, images: ['/seller/upload/files/a.png', photoRef('p-1'), photoRef('p-2')], checkIn: { latitude: 1, photo: photoRef('p-3') }, deep: [{ x: [photoRef('p-1')] }], content: 'outbox-photo:' };
    expect(photoIdsIn(body)).toEqual(['p-1', 'p-2', 'p-3']);
    const urls = new Map([
      ['p-1', '/seller/upload/files/1.png'],
      ['p-2', '/seller/upload/files/2.png'],
      ['p-3', '/seller/upload/files/3.png'],
    ]);
    expect(replacePhotoRefs(body, urls)).toEqual({
      siteId: 1,
      images: ['/seller/upload/files/a.png', '/seller/upload/files/1.png', '/seller/upload/files/2.png'],
      checkIn: { latitude: 1, photo: '/seller/upload/files/3.png' },
      deep: [{ x: ['/seller/upload/files/1.png'] }],
      content: 'outbox-photo:',
    });
    // The input is left as it was.
    expect(body.images[1]).toBe(photoRef('p-1'));
    expect(photoIdsIn({ images: [], checkIn: null })).toEqual([]);
  });
});

describe('a write holding a photo picked offline', () => {
  it('is queued at once (never sent with a local reference), for the signed-in user, with the photo kept', async () => {
    const store = memoryOutboxStore();
    setOutboxStore(store);
    user = { userId: 1, token: 't' };
    const ref = await keepPhoto('p-1', new Blob(['png'], { type: 'image/png' }), 'a.png');
    expect(ref).toBe(photoRef('p-1'));
    expect(photoPreview('/seller/upload/files/x.png')).toBe('/seller/upload/files/x.png');
    const result = await submitFieldWrite(CREATE, { customerId: 7, type: '拜访', content: '拜访', images: [ref], nextContactAt: null }, followUp);
    expect(request).not.toHaveBeenCalled();
    expect(result.queued).toBe(true);
    const [queued] = await store.list();
    expect(queued).toMatchObject({ userId: 1, state: 'waiting', body: { siteId: 101, images: [ref] } });
    expect((await store.getPhoto('p-1'))?.userId).toBe(1);
    expect(useOutboxView.getState().items).toHaveLength(1);
  });

  it('deleting the item deletes its photos; photos no item holds go after a day', async () => {
    const store = memoryOutboxStore();
    setOutboxStore(store);
    user = { userId: 1, token: 't' };
    await store.put(item('k-1', 1, { images: [photoRef('p-held')] }));
    await store.put(item('k-2', 1, { images: [photoRef('p-mine')] }));
    for (const entry of [photo('p-held', 1), photo('p-mine', 1), photo('p-old', 1), photo('p-new', 1, 10 * ORPHAN_PHOTO_MS)]) await store.putPhoto(entry);
    await deleteOutboxItem('k-2');
    expect(await store.getPhoto('p-mine')).toBeUndefined();
    await cleanUpPhotos(10 * ORPHAN_PHOTO_MS + 1000);
    expect((await store.listPhotos()).map((entry) => entry.id).sort()).toEqual(['p-held', 'p-new']);
  });

  it('a photo a draft still holds (a report written over days) is kept past the day', async () => {
    const store = memoryOutboxStore();
    setOutboxStore(store);
    configureOutbox({ getUser: () => user, getSiteId: () => 101, onSessionChange: () => undefined, keptPhotoIds: () => ['p-draft'] });
    try {
      for (const entry of [photo('p-draft', 1), photo('p-left', 1)]) await store.putPhoto(entry);
      await cleanUpPhotos(10 * ORPHAN_PHOTO_MS);
      expect((await store.listPhotos()).map((entry) => entry.id)).toEqual(['p-draft']);
    } finally {
      configureOutbox({ getUser: () => user, getSiteId: () => 101, onSessionChange: () => undefined });
    }
  });
});

describe('the sender with waiting photos', () => {
  it('uploads each photo with its key, replaces the references, sends the write, then deletes the photos', async () => {
    const store = memoryOutboxStore();
    await store.put(item('k-1', 1, { images: [photoRef('p-1')], checkIn: { photo: photoRef('p-2') } }));
    await store.putPhoto(photo('p-1', 1));
    await store.putPhoto(photo('p-2', 1));
    const calls: string[] = [];
    const uploadPhoto = vi.fn(async (entry: OutboxPhoto) => {
      calls.push(`upload ${entry.id}`);
      return uploaded(`/seller/upload/files/${entry.id}.png`);
    });
    const send = vi.fn(async (sent: OutboxItem) => {
      calls.push(`send ${sent.id}`);
      return { kind: 'sent', data: {} } as SendOutcome;
    });
    const result = await drainOutbox({ store, session: { userId: 1, token: 't' }, send, uploadPhoto });
    expect(result.sent).toBe(1);
    expect(calls).toEqual(['upload p-1', 'upload p-2', 'send k-1']);
    expect(send.mock.calls[0]?.[0].body).toEqual({ images: ['/seller/upload/files/p-1.png'], checkIn: { photo: '/seller/upload/files/p-2.png' } });
    expect(await store.list()).toEqual([]);
    expect(await store.listPhotos()).toEqual([]);
  });

  it('keeps the item and its photo on a network failure of the upload, and does not send the write', async () => {
    const store = memoryOutboxStore();
    await store.put(item('k-1', 1, { images: [photoRef('p-1')] }));
    await store.putPhoto(photo('p-1', 1));
    const send = vi.fn(async () => ({ kind: 'sent', data: {} }) as SendOutcome);
    const result = await drainOutbox({ store, session: { userId: 1, token: 't' }, send, uploadPhoto: async () => ({ kind: 'retry' }) });
    expect(result.stopped).toBe('retry');
    expect(send).not.toHaveBeenCalled();
    expect(await store.get('k-1')).toMatchObject({ state: 'waiting', body: { images: [photoRef('p-1')] } });
    expect(await store.getPhoto('p-1')).toBeDefined();
  });

  it('a photo uploaded before the write failed is not uploaded again; the write goes with its URL', async () => {
    const store = memoryOutboxStore();
    await store.put(item('k-1', 1, { images: [photoRef('p-1')] }));
    await store.putPhoto(photo('p-1', 1));
    const uploadPhoto = vi.fn(async () => uploaded('/seller/upload/files/p-1.png'));
    const send = vi.fn<(sent: OutboxItem) => Promise<SendOutcome>>(async () => ({ kind: 'retry' }));
    await drainOutbox({ store, session: { userId: 1, token: 't' }, send, uploadPhoto });
    expect(await store.get('k-1')).toMatchObject({ state: 'waiting', body: { images: ['/seller/upload/files/p-1.png'] }, photos: ['p-1'] });
    send.mockImplementation(async () => ({ kind: 'sent', data: {} }));
    await drainOutbox({ store, session: { userId: 1, token: 't' }, send, uploadPhoto });
    expect(uploadPhoto).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[1]?.[0].body).toEqual({ images: ['/seller/upload/files/p-1.png'] });
    expect(await store.listPhotos()).toEqual([]);
  });

  it('a refused photo (4xx) fails the item with the server’s message; another user’s photo is never uploaded', async () => {
    const store = memoryOutboxStore();
    await store.put(item('k-1', 1, { images: [photoRef('p-1')] }));
    await store.put({ ...item('k-2', 1, { images: [photoRef('p-theirs')] }), createdAt: 2 });
    await store.putPhoto(photo('p-1', 1));
    await store.putPhoto(photo('p-theirs', 2));
    const uploadPhoto = vi.fn(async (): Promise<SendOutcome> => ({ kind: 'rejected', message: '只能上传图片' }));
    const send = vi.fn(async () => ({ kind: 'sent', data: {} }) as SendOutcome);
    const result = await drainOutbox({ store, session: { userId: 1, token: 't' }, send, uploadPhoto });
    expect(result.rejected).toBe(2);
    expect(send).not.toHaveBeenCalled();
    expect(uploadPhoto).toHaveBeenCalledTimes(1);
    expect(await store.get('k-1')).toMatchObject({ state: 'failed', message: '只能上传图片' });
    expect(await store.get('k-2')).toMatchObject({ state: 'failed', message: OUTBOX_PHOTO_MISSING });
  });

  it('sendPhoto posts the blob as multipart field `file` with its key, the token and the common headers', async () => {
    const fetchOk = vi.fn(async () => new Response(JSON.stringify({ code: 200, data: { url: '/seller/upload/files/a.png' } }), { status: 200 }));
    const outcome = await sendPhoto(photo('p-1', 1), 'tok', { platform: 'h5', Version: '2.0.1' }, '/seller/upload/img', fetchOk as unknown as typeof fetch);
    expect(outcome).toEqual({ kind: 'sent', data: { url: '/seller/upload/files/a.png' } });
    const [url, init] = fetchOk.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/seller/upload/img');
    expect(init.headers).toMatchObject({ platform: 'h5', Version: '2.0.1', Authorization: 'tok', 'Idempotency-Key': 'p-1' });
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    const offline = await sendPhoto(photo('p-1', 1), 'tok', { platform: 'h5', Version: '2.0.1' }, '/seller/upload/img', (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    expect(offline).toEqual({ kind: 'retry' });
  });
});
