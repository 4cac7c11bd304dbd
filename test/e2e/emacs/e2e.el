;;; e2e.el --- Drives platlint's language server from Emacs (28, with Debian's eglot) in batch mode  -*- lexical-binding: t -*-
;; The server is started by the configuration of docs/editors.md ($PLATLINT_CONFIG), as a person's init file would:
;; open a manifest and read the diagnostics flymake shows. With $PLATLINT_CASE = "missing", open two manifests of a
;; project without platlint. Writes what it saw as JSON to $PLATLINT_OUT; test/e2e/emacs.test.ts asserts on it.

;; Debian's ELPA packages (eglot and the newer project and xref it needs); -Q skipped the site start that adds them.
(let ((default-directory "/usr/share/emacs/site-lisp/elpa"))
  (when (file-directory-p default-directory) (normal-top-level-add-subdirs-to-load-path)))
(require 'json)
(require 'eglot)
(require 'flymake)
;; yaml-mode is a package of its own (elpa-yaml-mode); the snippet only needs the mode and its hook.
(unless (fboundp 'yaml-mode) (define-derived-mode yaml-mode text-mode "YAML"))
(add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . yaml-mode))
(load (getenv "PLATLINT_CONFIG") nil t)

(defvar platlint-e2e-seen nil "What Emacs showed, as an alist for `json-encode'.")
(defvar platlint-e2e-messages-start 0)

(defun platlint-e2e-see (key value) (push (cons key value) platlint-e2e-seen))

(defun platlint-e2e-open (file)
  (find-file (expand-file-name file (getenv "PLATLINT_ROOT")))
  ;; eglot-ensure connects on the next command; batch mode runs none.
  (run-hooks 'post-command-hook)
  (current-buffer))

(defun platlint-e2e-wait (what predicate)
  (let ((deadline (+ (float-time) 15)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (unless (funcall predicate) (error "Timed out waiting for %s" what))))

(defun platlint-e2e-diagnostics ()
  (sort (mapcar (lambda (d)
                  (save-excursion
                    (goto-char (flymake-diagnostic-beg d))
                    (vector (1- (line-number-at-pos)) (current-column) (symbol-name (flymake-diagnostic-type d))
                            (flymake-diagnostic-text d))))
                (flymake-diagnostics))
        (lambda (a b) (< (aref a 0) (aref b 0)))))

(defun platlint-e2e-run ()
  (let ((buffer (platlint-e2e-open "users/jane.yaml")))
    (platlint-e2e-see 'mode (symbol-name major-mode))
    (platlint-e2e-wait "eglot to manage the buffer" (lambda () (eglot-current-server)))
    (platlint-e2e-see 'command (vconcat (process-command (jsonrpc--process (eglot-current-server)))))
    (platlint-e2e-wait "the diagnostics" (lambda () (>= (length (flymake-diagnostics)) 2)))
    (platlint-e2e-see 'diagnostics (vconcat (platlint-e2e-diagnostics)))
    (let ((server (eglot-current-server)))
      (platlint-e2e-open "users/john.yaml")
      (platlint-e2e-wait "eglot to manage the second buffer" (lambda () (eglot-current-server)))
      (platlint-e2e-see 'sameServer (if (eq server (eglot-current-server)) t :json-false))
      (with-current-buffer buffer (platlint-e2e-see 'servers (length (hash-table-values eglot--servers-by-project)))))))

(defun platlint-e2e-run-missing ()
  (platlint-e2e-open "users/jane.yaml")
  (platlint-e2e-see 'mode (symbol-name major-mode))
  (platlint-e2e-open "users/john.yaml")
  (accept-process-output nil 0.3)
  (platlint-e2e-see 'servers (length (hash-table-values eglot--servers-by-project))))

(setq platlint-e2e-messages-start (with-current-buffer (messages-buffer) (point-max)))
(condition-case err
    (if (equal (getenv "PLATLINT_CASE") "missing") (platlint-e2e-run-missing) (platlint-e2e-run))
  (error (platlint-e2e-see 'error (error-message-string err))))
(platlint-e2e-see 'messages (with-current-buffer (messages-buffer)
                              (buffer-substring-no-properties platlint-e2e-messages-start (point-max))))
(with-temp-file (getenv "PLATLINT_OUT") (insert (json-encode platlint-e2e-seen)))
(kill-emacs 0)
