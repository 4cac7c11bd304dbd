/**
 * What the server does as documents open, change, are saved and close, and as files change on disk: a manifest is
 * linted again; a config file, a settings file it extends or a policy file changes the rules of every open document,
 * from its unsaved buffer while it is open and from the disk once it is saved or closed.
 */
import type { Connection, TextDocuments } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isConfigFileName } from '../settings-file/load.js';
import { readRegularFile, SIZE_LIMITS } from '../project/read-file.js';
import { LINT_DELAY_MS, pathOf, type Session } from './session.js';

export function followDocuments(connection: Connection, documents: TextDocuments<TextDocument>, session: Session): void {
  /** A config, settings or policy file: its text, in the buffer or on disk, is part of the rules. */
  const setsRules = async (uri: string): Promise<boolean> => {
    const path = pathOf(uri);
    return path !== undefined && (await session.ruleSets.isRuleSetFile(path));
  };

  /** Opened and not changed since: a config or policy buffer that says what the disk says changes no rule. */
  const justOpened = new Set<string>();
  documents.onDidOpen(({ document }) => {
    justOpened.add(document.uri);
    void session.opened(document);
  });

  const sameAsDisk = (path: string, text: string): boolean => {
    const read = readRegularFile(path, isConfigFileName(path) ? SIZE_LIMITS.config : SIZE_LIMITS.policy);
    return 'bytes' in read && read.bytes.toString('utf8') === text;
  };

  documents.onDidChangeContent(({ document }) => {
    const opening = justOpened.delete(document.uri);
    // An unsaved edit of a config or policy file changes the rules of every open document.
    void (async () => {
      if (await setsRules(document.uri)) {
        const path = pathOf(document.uri);
        if (!(opening && path !== undefined && sameAsDisk(path, document.getText()))) session.reload(LINT_DELAY_MS);
      } else if (session.isManifest(document)) session.schedule(document.uri, session.analyses.has(document.uri) ? LINT_DELAY_MS : 0);
    })();
  });

  // Saved or closed, the buffer of a file that sets the rules no longer counts: the disk's text does.
  documents.onDidSave(({ document }) => {
    void (async () => {
      if (await setsRules(document.uri)) session.reload();
      else if (session.isManifest(document)) session.schedule(document.uri, 0);
    })();
  });

  documents.onDidClose(({ document }) => {
    session.closed(document);
    void (async () => {
      if (await setsRules(document.uri)) session.reload();
    })();
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    void (async () => {
      for (const change of changes) if (await setsRules(change.uri)) return session.reload();
    })();
  });
}
