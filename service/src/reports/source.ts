import type { Response } from 'express';
import { embedOf, isApiKeyRequest } from '../http/caller';
import type { ReportSource } from './records';

/** The header the MCP server's client sends (the service's /mcp and `npx @quire/mcp`) so reports say so. */
export const SOURCE_HEADER = 'Quire-Source';

/**
 * Who is asking for a report, from the request's credential: an embed token, an API key (shown as MCP when its
 * request says it comes from the MCP server; a person's session cannot claim that), or the signed-in person.
 */
export function reportSourceOf(req: { get(name: string): string | undefined }, res: Response): ReportSource {
  const embed = embedOf(res);
  if (embed) return { type: 'embed', id: embed.tokenId, name: null };
  if (isApiKeyRequest(res)) {
    const key = res.locals.apiKey as { id: string; name?: string };
    const viaMcp = req.get(SOURCE_HEADER)?.trim().toLowerCase() === 'mcp';
    return { type: viaMcp ? 'mcp' : 'api_key', id: key.id, name: key.name ?? null };
  }
  const user = res.locals.user as { id: string; email: string };
  return { type: 'user', id: user.id, name: user.email };
}
