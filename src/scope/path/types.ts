/**
 * What does a path look like once it is safe to compare?
 *
 * Absolute (starts with `/`), no empty segment (`//`), no `.` or `..`
 * segment, no trailing `/` except the root `/` itself, and no NUL or `\`.
 * Only the canonicalizers in this folder produce it, so a matcher that takes
 * a `CanonicalPath` can never be handed raw input by accident.
 */
export type CanonicalPath = string & { readonly __brand: 'CanonicalPath' };
