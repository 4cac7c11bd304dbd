;;; compile.el --- Runs platlint-compile of docs/editors.md in Emacs (28) in batch mode  -*- lexical-binding: t -*-
;; Loads the init-file snippet ($PLATLINT_CONFIG), opens a manifest of $PLATLINT_ROOT, runs `platlint-compile' and
;; follows `next-error' through the problems as a person would, writing where each one led and the type compilation
;; mode gave it to $PLATLINT_OUT as JSON; test/e2e/make.test.ts asserts on it.
(require 'json)
(require 'compile)
(load (getenv "PLATLINT_CONFIG") nil t)

(defvar platlint-e2e-seen nil "What Emacs showed, as an alist for `json-encode'.")

(defun platlint-e2e-visit-errors ()
  "Each problem `next-error' goes to: [file, line, 1-based column, compilation type (0 info, 1 warning, 2 error)]."
  (let ((visited nil) (reset t))
    (condition-case nil
        (while t
          ;; From the first problem each time: M-x first-error, then M-g n.
          (next-error 1 reset)
          (setq reset nil)
          (let ((message (with-current-buffer next-error-last-buffer
                           (get-text-property compilation-current-error 'compilation-message))))
            ;; next-error shows the file in the selected window; batch mode has no command loop to make it current.
            (with-current-buffer (window-buffer (selected-window))
              (save-excursion
                (goto-char (window-point (selected-window)))
                (push (vector (file-relative-name buffer-file-name (getenv "PLATLINT_ROOT"))
                              (line-number-at-pos) (1+ (current-column))
                              (compilation--message->type message))
                      visited)))))
      (user-error nil))
    (vconcat (nreverse visited))))

(condition-case err
    (progn
      (find-file (expand-file-name "users/jane.yaml" (getenv "PLATLINT_ROOT")))
      (platlint-compile)
      (let ((deadline (+ (float-time) 60)))
        (while (and (get-buffer-process "*compilation*") (< (float-time) deadline))
          (accept-process-output nil 0.05)))
      (when (get-buffer-process "*compilation*") (error "platlint-compile did not finish"))
      (push (cons 'command compile-command) platlint-e2e-seen)
      (push (cons 'visited (platlint-e2e-visit-errors)) platlint-e2e-seen)
      (setq compilation-skip-threshold 0)
      (push (cons 'visitedWithInfos (platlint-e2e-visit-errors)) platlint-e2e-seen))
  (error (push (cons 'error (error-message-string err)) platlint-e2e-seen)))

(with-temp-file (getenv "PLATLINT_OUT") (insert (json-encode platlint-e2e-seen)))
(kill-emacs 0)
