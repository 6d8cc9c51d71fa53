import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type { AssignableRole, Invitation, InvitationCreateParams, Member, Team as TeamObject } from '../types';

/** The acting team (the API key's, or the `team` option's), its members and invitations. */
export class Team extends APIResource {
  readonly members: Members = new Members(this._client);
  readonly invitations: Invitations = new Invitations(this._client);

  /** The acting team, with the caller's role in it. */
  get(options?: RequestOptions): Promise<TeamObject> {
    return this._get('/v1/team', undefined, options);
  }

  /** Every team the signed-in person belongs to (a person's token only), as one page. */
  list(options?: RequestOptions): PagePromise<TeamObject> {
    return this._list('/v1/teams', undefined, options);
  }
}

export class Members extends APIResource {
  /** The members, then the pending invitations, as one page. */
  list(options?: RequestOptions): PagePromise<Member | Invitation> {
    return this._list('/v1/team/members', undefined, options);
  }

  update(
    userId: string,
    body: { role: AssignableRole },
    options?: RequestOptions,
  ): Promise<{ member: Member; message: string }> {
    return this._patch(path`/v1/team/members/${userId}`, body, options);
  }

  remove(userId: string, options?: RequestOptions): Promise<{ user_id: string; deleted: true; message: string }> {
    return this._delete(path`/v1/team/members/${userId}`, options);
  }
}

type InvitationAnswer = Promise<{ invitation: Invitation; message: string }>;

export class Invitations extends APIResource {
  /** Emails an invitation (valid 7 days); inviting an address again renews it. */
  create(body: InvitationCreateParams, options?: RequestOptions): InvitationAnswer {
    return this._post('/v1/team/invitations', body, options, false);
  }

  resend(id: string, options?: RequestOptions): InvitationAnswer {
    return this._post(path`/v1/team/invitations/${id}/resend`, undefined, options, false);
  }

  revoke(id: string, options?: RequestOptions): InvitationAnswer {
    return this._delete(path`/v1/team/invitations/${id}`, options);
  }

  /** Joins a team with the token of an emailed invitation (as the invited person). */
  accept(token: string, options?: RequestOptions): Promise<{ team: TeamObject; message: string }> {
    return this._post('/v1/invitations/accept', { token }, options, false);
  }
}
