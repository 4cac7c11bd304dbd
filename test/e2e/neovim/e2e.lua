-- Drives platlint's language server from headless Neovim (0.7 and later) as a person would, with the server started
-- by the configuration of docs/editors.md (loaded before this file): open a manifest, type a mistake, read the
-- diagnostics, undo, apply fix-all, hover, complete, signature help in a policy, references and rename in an admission policy. With $PLATLINT_CASE = 'missing', only open two manifests of a
-- project without platlint; with 'policies', fix a misspelt field in a policy file and list the workspace's rules. Writes what it saw as JSON to $PLATLINT_OUT and quits; test/e2e/neovim.test.ts asserts.
local root = vim.env.PLATLINT_ROOT
local out = {}
local failed = nil

local function code_of(d)
  local lsp = d.user_data and d.user_data.lsp
  return (lsp and lsp.code) or d.code
end

local function seen(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, { code_of(d), d.lnum, d.col, d.severity })
  end
  table.sort(list, function(a, b)
    if a[2] ~= b[2] then return a[2] < b[2] end
    return a[3] < b[3]
  end)
  return list
end

local function wait_for(what, predicate)
  if not vim.wait(15000, predicate, 20) then error('timed out waiting for ' .. what) end
end

local function lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

local function edit(file)
  vim.cmd('hide edit ' .. vim.fn.fnameescape(root .. '/' .. file))
  return vim.api.nvim_get_current_buf()
end

-- What Neovim showed: the message history and the servers it started.
local function record_messages()
  out.messages = vim.api.nvim_exec('messages', true)
  out.clients = #vim.lsp.get_active_clients()
end

local function run_missing()
  edit('users/jane.yaml')
  edit('users/john.yaml')
  out.filetype = vim.bo.filetype
  -- Give a wrongly started server time to fail and say so.
  vim.wait(300)
  record_messages()
end

local function run()
  -- The filetype detection of Neovim sets `yaml`, whose FileType autocommand (the snippet) starts the server.
  local buf = edit('users/jane.yaml')
  out.filetype = vim.bo[buf].filetype
  -- The YAML indent script re-indents a line when `]` is typed: keep what is typed where it is typed.
  vim.bo[buf].indentkeys = ''
  vim.bo[buf].indentexpr = ''
  vim.bo[buf].autoindent = false
  -- Neovim lists a client once the server has answered `initialize`.
  wait_for('the server to attach', function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end)
  local client_id, client = next(vim.lsp.buf_get_clients(buf))
  out.cmd = client.config.cmd

  wait_for('the first diagnostics', function() return #vim.diagnostic.get(buf) >= 2 end)
  out.opened = seen(buf)

  -- Type a stray `]` at the start of the `emial` line, in insert mode.
  vim.api.nvim_win_set_cursor(0, { 7, 2 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('i]<Esc>', true, false, true), 'x', false)
  out.typed = lines(buf)[7]
  wait_for('the syntax error', function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if code_of(d) == 'yaml/syntax' then return true end
    end
    return false
  end)
  out.broken = seen(buf)

  -- Silent: the undo message would be the only line of :messages, which the test wants empty.
  vim.cmd('silent undo')
  wait_for('the syntax error to go', function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if code_of(d) == 'yaml/syntax' then return false end
    end
    return #vim.diagnostic.get(buf) >= 2
  end)
  out.undone = seen(buf)

  -- Fix-all, with the cursor on the last line: minimal edits leave it where it is.
  vim.api.nvim_win_set_cursor(0, { 8, 5 })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {}, only = { 'source.fixAll.platlint' } }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
  local actions = responses and responses[client_id] and responses[client_id].result or {}
  out.fixAllTitles = {}
  for _, action in ipairs(actions) do
    table.insert(out.fixAllTitles, action.title)
    vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  end
  out.fixed = lines(buf)
  out.cursorAfterFix = vim.api.nvim_win_get_cursor(0)
  wait_for('the fixed diagnostics', function() return #vim.diagnostic.get(buf) == 1 end)
  out.afterFix = seen(buf)

  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 5, character = 4 },
  }, 10000)
  out.hover = hover[client_id].result.contents.value

  -- Open a new line under spec and type the start of a field, then ask for completions there.
  vim.api.nvim_win_set_cursor(0, { 8, 0 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('o  dis<Esc>', true, false, true), 'x', false)
  out.completionLine = lines(buf)[9]
  local completion = vim.lsp.buf_request_sync(buf, 'textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 8, character = 5 },
  }, 10000)
  local result = completion[client_id].result
  local items = result.items or result
  out.completion = {}
  for _, item in ipairs(items) do
    if vim.startswith(item.label, 'dis') then table.insert(out.completion, { item.label, item.detail }) end
  end
  -- A second manifest of the project goes to the same server.
  local other = edit('users/john.yaml')
  out.sameClient = vim.lsp.buf_get_clients(other)[client_id] ~= nil
  -- A new policy file: signature help in its CEL, as Neovim renders it (the active argument highlighted).
  local policy = edit('policies/acme.yaml')
  vim.api.nvim_buf_set_lines(policy, 0, -1, false, {
    'apiVersion: platlint/v1', 'kind: Policy', 'metadata:', '  name: acme', 'spec:', '  rules:', '    - id: acme/email',
    '      description: Emails are ours', '      severity: error', '      match: {kinds: [User]}',
    '      expression: "matches(self.spec.email, )"', '      message: m',
  })
  local help = vim.lsp.buf_request_sync(policy, 'textDocument/signatureHelp', {
    textDocument = { uri = vim.uri_from_bufnr(policy) },
    position = { line = 10, character = 43 },
  }, 10000)
  local signatures = help[client_id].result
  local shown, active = vim.lsp.util.convert_signature_help_to_markdown_lines(signatures, 'yaml', { '(', ',' })
  out.signatureHelp = { shown[1], shown[2], shown[3], active and string.sub(shown[2], active[1] + 1, active[2]) or vim.NIL }
  -- A new admission policy: the references of a variable, and a rename applied as Neovim applies one.
  local vap = edit('policies/users.yaml')
  vim.api.nvim_buf_set_lines(vap, 0, -1, false, {
    'apiVersion: admissionregistration.k8s.io/v1', 'kind: ValidatingAdmissionPolicy', 'metadata:', '  name: users', 'spec:',
    '  matchConstraints:', '    resourceRules:', '      - {apiGroups: [management.platform], apiVersions: [v1], operations: [CREATE], resources: [users]}',
    '  variables:', '    - name: domain', "      expression: \"'acme.example'\"",
    '  validations:', "    - expression: \"object.spec.email.endsWith('@' + variables.domain)\"",
    "      messageExpression: \"'not at ' + variables.domain + ' (variables.domain)'\"",
  })
  local at = { textDocument = { uri = vim.uri_from_bufnr(vap) }, position = { line = 12, character = 62 } }
  local references = vim.lsp.buf_request_sync(vap, 'textDocument/references', vim.tbl_extend('force', at, { context = { includeDeclaration = true } }), 10000)
  out.references = {}
  for _, location in ipairs(references[client_id].result) do
    table.insert(out.references, { location.range.start.line, location.range.start.character, location.range['end'].character })
  end
  local renamed = vim.lsp.buf_request_sync(vap, 'textDocument/rename', vim.tbl_extend('force', at, { newName = 'company' }), 10000)
  vim.lsp.util.apply_workspace_edit(renamed[client_id].result, 'utf-16')
  out.renamed = lines(vap)
  local refused = vim.lsp.buf_request_sync(vap, 'textDocument/rename', vim.tbl_extend('force', at, { newName = 'in' }), 10000)
  out.refused = refused[client_id].error and refused[client_id].error.message or vim.NIL
  record_messages()
  vim.lsp.stop_client(client_id)
end

-- A policy file with a misspelt field under a folder's own .platlint.yaml: its problem, the quick fix applied as
-- Neovim applies a workspace edit, and the workspace's custom rules as Neovim lists workspace symbols.
local function run_policies()
  local policy = edit('policy-workspace/policies/acme.yaml')
  wait_for('the server to attach', function() return next(vim.lsp.buf_get_clients(policy)) ~= nil end)
  local client_id = next(vim.lsp.buf_get_clients(policy))
  wait_for('the policy problem', function() return #vim.diagnostic.get(policy) > 0 end)
  out.policyProblems = seen(policy)
  local problem = vim.diagnostic.get(policy)[1]
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(policy) },
    range = { start = { line = problem.lnum, character = problem.col }, ['end'] = { line = problem.end_lnum, character = problem.end_col } },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(policy, problem.lnum) },
  }
  local responses = vim.lsp.buf_request_sync(policy, 'textDocument/codeAction', params, 10000)
  out.policyActions = {}
  for _, action in ipairs(responses[client_id].result or {}) do
    table.insert(out.policyActions, action.title)
    if vim.startswith(action.title, 'Replace') then vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16') end
  end
  out.policyFixed = lines(policy)[11]
  wait_for('the problem to go', function() return #vim.diagnostic.get(policy) == 0 end)
  local symbols = vim.lsp.buf_request_sync(policy, 'workspace/symbol', { query = 'acmemail' }, 10000)
  out.symbols = {}
  for _, item in ipairs(vim.lsp.util.symbols_to_items(symbols[client_id].result or {}, policy)) do
    table.insert(out.symbols, { vim.fn.fnamemodify(item.filename, ':.'), item.lnum, item.col, item.text })
  end
  record_messages()
  vim.lsp.stop_client(client_id)
end

local cases = { missing = run_missing, policies = run_policies }
local ok, err = pcall(cases[vim.env.PLATLINT_CASE or ''] or run)
if not ok then failed = tostring(err) end
out.error = failed
local file = io.open(vim.env.PLATLINT_OUT, 'w')
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd('qa!')
