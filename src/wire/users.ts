// users.get_all_ex / users.get_current_user: the people of the server (one per key pair on
// tracktop's), with real servers' answer shapes (docs/wire-facts.md §12.4).

/** A user as users.get_all_ex lists it (only_fields may leave fields out; `id` is always there). */
export interface User {
  id: string;
  name?: string;
  /** The company id. */
  company?: string;
  role?: string;
  /** ISO-8601. */
  created?: string;
}

export interface UsersGetAllExRequest {
  id?: string[];
  /** Users who own a task in any of these projects. */
  active_in_projects?: string[];
  /** Top-level fields to return; `id` always comes. */
  only_fields?: string[];
}

export interface UsersGetAllExResponse {
  users: User[];
}

export type UsersGetCurrentUserRequest = Record<string, never>;

export interface UsersGetCurrentUserResponse {
  user: {
    id: string;
    name: string;
    company: { id: string; name: string };
    role: string;
    created: string;
  };
  getting_started: null;
}
