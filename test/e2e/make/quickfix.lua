-- Runs :make with the settings of docs/editors.md (sourced before this script) in $PLATLINT_ROOT, as a person would in
-- Neovim, and writes the quickfix list and where :cfirst and :cnext put the cursor to $PLATLINT_OUT as JSON;
-- test/e2e/make.test.ts asserts on it.
local root = os.getenv('PLATLINT_ROOT')
local seen = {}
local ok, err = pcall(function()
  vim.cmd('cd ' .. vim.fn.fnameescape(root))
  vim.cmd('edit users/jane.yaml')
  seen.filetype = vim.bo.filetype
  seen.makeprg = vim.bo.makeprg
  vim.cmd('silent make')
  seen.entries = {}
  for _, e in ipairs(vim.fn.getqflist()) do
    table.insert(seen.entries, { vim.fn.fnamemodify(vim.fn.bufname(e.bufnr), ':.'), e.lnum, e.col, e.type, e.text, e.valid })
  end
  vim.cmd('cfirst')
  seen.first = { vim.fn.expand('%:.'), vim.fn.line('.'), vim.fn.col('.') }
  vim.cmd('cnext')
  seen.next = { vim.fn.expand('%:.'), vim.fn.line('.'), vim.fn.col('.') }
end)
if not ok then seen.error = tostring(err) end
vim.fn.writefile({ vim.fn.json_encode(seen) }, os.getenv('PLATLINT_OUT'))
vim.cmd('qa!')
