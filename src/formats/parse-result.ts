/** Why a text is not of a format, in the words of the upstream parser the format mirrors. */
export interface ParseFailure {
  ok: false;
  reason: string;
}

/** What a format's parser returns: what it read from the text, or why the text is not of the format. */
export type ParseResult<Read> = ({ ok: true } & Read) | ParseFailure;
