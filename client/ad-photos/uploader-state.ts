/**
 * The logged-in user the uploader sends for (undefined for a guest or before the store has started): read by
 * keepPhotos to mark a new photo as theirs. Users' owner ids are 'user-…' (sync-server/http/auth.ts), guests'
 * are not; a guest's photos wait for a login.
 */
let user: string | undefined;

export const uploadingUser = (): string | undefined => user;

export const setUploadingUser = (owner: string | undefined): void => {
  user = owner?.startsWith('user-') ? owner : undefined;
};
