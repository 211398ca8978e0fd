/** When output is too big to show whole, and how much of it the model sees then. */
export interface OutputLimits {
  /** Output over this many UTF-8 bytes is not shown whole. Default 50176 (49 KiB). */
  readonly maxBytes?: number;
  /** Output over this many lines is not shown whole. Default 1990. */
  readonly maxLines?: number;
  /** The head shown instead holds at most this many bytes. Default 8192. */
  readonly headBytes?: number;
  /** …and at most this many lines. Default 100. */
  readonly headLines?: number;
}

/**
 * A handler's output, sorted for the model. `inline`: shown whole.
 * `save`: over a limit, or binary; `data` is the whole output to save,
 * `head` what the model sees of it (empty for binary).
 * `invalid`: not a string, a JSON value or binary data.
 */
export type ShapedOutput =
  | {
      readonly kind: 'inline';
      readonly text: string;
      readonly bytes: number;
      readonly lines: number;
    }
  | {
      readonly kind: 'save';
      readonly reason: 'bytes' | 'lines' | 'binary';
      readonly head: string;
      readonly bytes: number;
      /** Lines of text output; 0 for binary. */
      readonly lines: number;
      readonly data: Uint8Array;
      /** A file extension for `data`: `txt` (a string), `json` (a JSON value) or `bin`. */
      readonly extension: 'txt' | 'json' | 'bin';
    }
  | { readonly kind: 'invalid'; readonly problem: string };
