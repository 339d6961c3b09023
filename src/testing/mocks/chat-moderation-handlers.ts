import { HttpResponse } from 'msw';
import {
  CHAT_MODERATION_LIMITS,
  CHAT_MODERATION_MESSAGES,
  MUTE_DURATION_MS,
  type ChatMessageContext,
  type ChatReport,
  type ChatReportFiled,
  type ChatReportList,
  type ChatSearchPage,
  type ModeratedMessage,
} from '@contract/chat-moderation';
import { DomainError } from '@contract/domain-error';
import { fakeChat } from '../fake-chat-socket';
import { apiRoute, requireCaller } from './api-route';
import { db, type DbChatReport } from './db';

// Reports, moderation and search (issue 17 §2) over the fake chat server's messages, as the
// server answers them (server/routes/chat-moderation.ts, chat-search.ts).

let reportSequence = 0;

/** The fake chat server's live messages, oldest first, as the moderation views show them. */
function liveMessages(): ModeratedMessage[] {
  return fakeChat.messages
    .filter((message) => !message.deleted)
    .map(({ _id, room, name, msg, image, time, userId }) => ({
      _id,
      room,
      name,
      msg,
      image,
      time,
      userId,
    }));
}

/** The fake's ids grow (numbers, or padded `msg-000001`): their order is the messages'. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The room's messages around message `id`, oldest first. A deleted message's neighbours are
 * found by where it was, by its id.
 */
function around(room: ModeratedMessage['room'], id: string): ModeratedMessage[] {
  const inRoom = liveMessages().filter((message) => message.room === room);
  const before = inRoom.filter((message) => compareIds(message._id, id) < 0);
  const after = inRoom.filter((message) => compareIds(message._id, id) > 0);
  const itself = inRoom.filter((message) => message._id === id);
  const size = CHAT_MODERATION_LIMITS.contextSize;
  return [...before.slice(-size), ...itself, ...after.slice(0, size)];
}

function mutedUntil(userId: string): string | null {
  const until = db.chatMutes.get(userId);
  return until && Date.parse(until) > Date.now() ? until : null;
}

function view(report: DbChatReport): ChatReport {
  const context = around(report.message.room, report.message._id);
  return {
    ...report,
    messageExists: context.some((message) => message._id === report.message._id),
    context,
    authorMutedUntil: mutedUntil(report.message.userId),
  };
}

function findReport(id: string): DbChatReport {
  const report = db.chatReports.find((candidate) => candidate.id === id);
  if (!report) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.reportNotFound);
  return report;
}

/** The admin's routes: before userHandlers (their `GET /api/admin/:email`). */
export const chatModerationAdminHandlers = [
  apiRoute('GET /api/admin/chat-reports', {
    handle: () => {
      const open = db.chatReports.filter((report) => report.status === 'open').reverse();
      const list: ChatReportList = {
        reports: open.slice(0, CHAT_MODERATION_LIMITS.openReportsShown).map(view),
        total: open.length,
      };
      return HttpResponse.json(list);
    },
  }),

  apiRoute('POST /api/admin/chat-reports/:id/actions', {
    handle: ({ caller, params, body }) => {
      const actorEmail = requireCaller(caller).email;
      const report = findReport(params.id);
      if (report.status !== 'open') {
        throw new DomainError('conflict', CHAT_MODERATION_MESSAGES.reportClosed);
      }
      const createdAt = new Date().toISOString();
      if (body.action === 'dismiss') {
        report.status = 'dismissed';
        report.history.unshift({ actorEmail, action: 'chat.dismiss', changes: {}, createdAt });
      } else if (body.action === 'mute') {
        const until = new Date(Date.now() + MUTE_DURATION_MS[body.duration]).toISOString();
        db.chatMutes.set(report.message.userId, until);
        report.history.unshift({
          actorEmail,
          action: 'chat.mute',
          changes: { userId: report.message.userId, duration: body.duration, until },
          createdAt,
        });
      } else {
        const { _id: messageId, room } = report.message;
        // The room is told, as the server's delete tells it (messageDeleted).
        const removed = fakeChat.remove(room, messageId);
        for (const other of db.chatReports) {
          if (other.status === 'open' && other.message._id === messageId) other.status = 'deleted';
        }
        report.history.unshift({
          actorEmail,
          action: 'chat.delete',
          changes: { messageId, room, removed },
          createdAt,
        });
      }
      return HttpResponse.json(view(report));
    },
  }),
];

export const chatModerationHandlers = [
  apiRoute('POST /api/chat/messages/:id/reports', {
    handle: ({ caller, params, body }) => {
      const reporter = requireCaller(caller);
      const message = liveMessages().find((candidate) => candidate._id === params.id);
      if (!message) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      const existing = db.chatReports.find(
        (report) =>
          report.status === 'open' &&
          report.message._id === message._id &&
          report.reporterEmail === reporter.email,
      );
      if (existing) {
        const filed: ChatReportFiled = { id: existing.id, status: 'open' };
        return HttpResponse.json(filed, { status: 200 });
      }
      const report: DbChatReport = {
        id: String(++reportSequence),
        status: 'open',
        reason: body.reason,
        reporterEmail: reporter.email,
        createdAt: new Date().toISOString(),
        message,
        history: [],
      };
      db.chatReports.push(report);
      const filed: ChatReportFiled = { id: report.id, status: 'open' };
      return HttpResponse.json(filed, { status: 201 });
    },
  }),

  apiRoute('GET /api/chat/rooms/:room/messages', {
    handle: ({ params, query }) => {
      const needle = query.q.toLowerCase();
      let found = liveMessages()
        .filter((message) => message.room === params.room)
        .filter((message) => message.msg.toLowerCase().includes(needle))
        .reverse();
      if (query.before !== undefined) {
        const before = query.before;
        if (!liveMessages().some((message) => message._id === before)) {
          throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
        }
        found = found.filter((message) => compareIds(message._id, before) < 0);
      }
      const size = CHAT_MODERATION_LIMITS.searchPageSize;
      const page: ChatSearchPage = { messages: found.slice(0, size), hasMore: found.length > size };
      return HttpResponse.json(page);
    },
  }),

  apiRoute('GET /api/chat/messages/:id/context', {
    handle: ({ params }) => {
      const message = liveMessages().find((candidate) => candidate._id === params.id);
      if (!message) throw new DomainError('not-found', CHAT_MODERATION_MESSAGES.messageNotFound);
      const context: ChatMessageContext = {
        room: message.room,
        messageId: message._id,
        messages: around(message.room, message._id),
      };
      return HttpResponse.json(context);
    },
  }),
];
