import type { FeatureFlags } from '@cartera/domain/policy';
import type { Role, UserType } from '@cartera/domain/roles';

/** The signed-in user as every procedure sees it. */
export interface AuthUser {
  id: string;
  tenantId: string;
  groupId: string;
  /** The user's group and its ancestors, root first: subtree checks need no extra query. */
  groupPath: string[];
  email: string;
  name: string;
  lastname: string;
  role: Role;
  roles: Role[];
  userType: UserType;
  jailUrl: string[];
  forcePasswordChange: boolean;
  requirePasswordChangeByPolicy: boolean;
  linkedAccountsActive: boolean;
  /** Feature flags of the user's group merged down from the root (nearer groups win). */
  featureFlags: FeatureFlags;
}

/** The owed password change of the route guard (01 §4). */
export function mustChangePassword(user: AuthUser): boolean {
  return user.forcePasswordChange || user.requirePasswordChangeByPolicy;
}

export interface AuthSession {
  tokenHash: string;
  user: AuthUser;
  /** Set while an admin impersonates `user` ("Volver a administrador" restores it). */
  realUserId: string | null;
  realTenantId: string | null;
  expiresAt: Date;
  /** Set when the credential is a personal API token, not a signed-in session (issue #19 §2). */
  apiToken?: { id: string; scope: ApiTokenScope } | undefined;
}

/** 'read': queries only; 'write': also mutations; 'admin': also the company's configuration. */
export type ApiTokenScope = 'read' | 'write' | 'admin';
