/** The help text of the CLI and of each command, each with an example. */
export const HELP: Readonly<Record<string, string>> = {
  toolgate: `toolgate: decide which tools an LLM agent may see and call, from a policy file.

Usage: toolgate <command> [options]

Commands:
  check POLICY [TURN|-]   decide a turn (a JSON file, or stdin); --explain shows every check
  menu POLICY             render the granted-tool menu (text, or openai, anthropic, mcp JSON)
  validate POLICY         report every error and warning in a policy file, with its place
  ls POLICY               list the policy's tools (the inventory) and the grants naming each
  diff OLD NEW            does NEW grant anything OLD does not? (exit 1 when wider)
  test FILE|DIR...        run policy test cases and print "N passed, N failed"
  records --store URL     list stored decision records (sqlite:PATH or postgres://…)
  suggest --policy POLICY the narrowest grant for what the recorded runs did, and its diff
  approvals --policy POLICY  list pending approvals of ask calls; approvals approve|deny ID
  ui --policy POLICY      a local page: pending approvals with Approve/Deny, recent decisions
  mcp --policy POLICY     the MCP proxy: serve a policy's servers through the gate (also: mcp wrap, unwrap, lock, init, doctor)

Options:
  -h, --help              show help (also: toolgate <command> --help)
  -v, --version           show the version

Exit codes: 0 allowed / clean / all passed; 1 refused / problems / a test failed;
2 bad input (usage, an unreadable file, a policy or test file with errors).

Example:
  toolgate check examples/policy.yaml --grant coder --cwd /workspace --explain examples/turns/read-source.json
`,
  check: `toolgate check: decide one turn against a grant of a policy, with both stages of the gate.

Usage: toolgate check POLICY [TURN|-] --grant NAME [--step NAME] [--agent NAME] [--cwd DIR] [--explain] [--approve] [--json] [--unsafe-lexical-paths]

The turn is the model's output as JSON text, read from the file TURN, or from
stdin when TURN is - or left out:
  {"calls": [{"tool": "fs-read", "version": 1, "arguments": {"path": "src/app.ts"}}]}
  {"answer": "done"}
It is decided verbatim, as a runtime would (gate.authorize): a turn that is not
valid JSON or has the wrong shape is refused as malformed_proposal.

Options:
  --grant NAME    the grant to decide against (may be left out when the policy has one)
  --step NAME     a step of the policy: only its tools may run (dispatch.step)
  --agent NAME    an agent of the policy: calls to tools it does not see are refused (hidden_tool)
  --cwd DIR       the absolute working directory relative paths resolve against
  --explain       for every call, every check in order with its verdict and, for each pass,
                  the grant entry that let it through (tool ref, folder root, host pattern,
                  secret entry) and where the policy writes it
  --approve       show what a person would be asked to approve for each call to a tool in
                  the grant's ask (ref, exact arguments, digest), and decide the turn as if
                  they approved; without it such a call is refused (approval_required)
  --json          print one JSON document: { allowed, decision, approvals?, explain? }
  --unsafe-lexical-paths
                  compare paths as written, without resolving symbolic links on this
                  machine (by default a link out of a granted folder is refused)
  -h, --help      show this help

Exit codes: 0 allowed (or an answer), 1 refused, 2 bad input or policy.

Examples:
  toolgate check examples/policy.yaml --grant coder --cwd /workspace examples/turns/read-source.json
  echo '{"calls":[{"tool":"fs-read","version":1,"arguments":{"path":"../etc/passwd"}}]}' \\
    | toolgate check examples/policy.yaml --grant coder --cwd /workspace --explain
`,
  menu: `toolgate menu: render the tools a grant lets the model see and call.

Usage: toolgate menu POLICY --grant NAME [--step NAME] [--agent NAME] [--format FORMAT]

Options:
  --grant NAME      the grant (may be left out when the policy has one)
  --step NAME       only the step's tools
  --agent NAME      only the tools the agent sees
  --format FORMAT   text (the prompt menu, default), openai (chat completions tools),
                    openai-responses, anthropic or mcp (JSON)
  -h, --help        show this help

Exit codes: 0 printed (an empty menu prints nothing), 2 bad input or policy.

Example:
  toolgate menu examples/policy.yaml --grant coder --format anthropic
`,
  validate: `toolgate validate: report every problem in a policy file, each with its file, line,
column and what to change.

Usage: toolgate validate POLICY [--json]

Errors: YAML syntax, unknown keys, wrong types, bad refs, host patterns, folder roots,
secret entries, input schemas, duplicate tools, unreadable Kortix manifests, and more.
Warnings: what loads but will refuse what you likely meant to allow, such as a
granted ref no tool defines, or a granted tool whose own hosts the grant leaves out.

Options:
  --json       print { file, ok, errors, warnings, diagnostics: [{ severity, code, file,
               line, column, message, fix }] }
  -h, --help   show this help

Exit codes: 0 clean (no error, no warning), 1 problems, 2 the file cannot be read.

Example:
  toolgate validate examples/policy.yaml
`,
  ls: `toolgate ls: list the tools of a policy (the registry's inventory) and the grants naming each.

Usage: toolgate ls POLICY [--json]

Options:
  --json       print { policy, tools: [{ ref, name, version, kind, builtIn, grantable,
               network, description, grantedBy }] }
  -h, --help   show this help

Exit codes: 0 listed, 2 bad input or policy.

Example:
  toolgate ls examples/policy.yaml
`,
  test: `toolgate test: run policy test cases, then print "N passed, N failed".

Usage: toolgate test FILE|DIR... [--reporter junit|tap|github] [--json] [--unsafe-lexical-paths]

A directory stands for every *.test.yaml, *.test.yml and *.test.json under it.

A test file (YAML or JSON) names its policy (relative to the file) and lists cases:
  policy: policy.yaml
  defaults: { grant: coder, cwd: /workspace }
  cases:
    - name: reads a source file
      turn: { calls: [{ tool: fs-read, version: 1, arguments: { path: src/app.ts } }] }
      expect: allow
    - name: cannot climb out of the workspace
      turn: { calls: [{ tool: fs-read, version: 1, arguments: { path: ../etc/passwd } }] }
      expect: { refuse: folder_out_of_scope, callIndex: 0 }
Each case takes grant, step, cwd and agent (or the defaults) and is decided with
both stages of the gate. A failure prints what was expected, what happened, and
the refusal.

Options:
  --reporter R   junit (JUnit XML), tap (TAP 13) or github (GitHub Actions
                 ::error annotations at each failing case), for CI systems
  --json         print { passed, failed, cases: [{ file, name, ok, expected, actual }] }
  --unsafe-lexical-paths
                 compare paths as written, without resolving symbolic links on this machine
  -h, --help     show this help

Exit codes: 0 every case passed, 1 a case failed, 2 a file cannot be read or has errors.

Example:
  toolgate test examples/policy.test.yaml
  toolgate test examples/ --reporter junit > toolgate-junit.xml
`,
  diff: `toolgate diff: does the grant of NEW allow anything the grant of OLD does not?

Usage: toolgate diff OLD NEW [--grant NAME] [--json]

Compares the named grant of both policies, or each grant of NEW with the grant
of the same name in OLD (a grant OLD lacks counts as empty: all it allows is
new). Tools, pins and approvals are compared exactly, budgets by value, and
folders, hosts and secrets through the gate, deny entries, CIDR patterns and
wildcards included. Each widening is printed with a witness: a concrete ref,
path and access, host:port, secret name or budget NEW allows and OLD refuses.

Options:
  --grant NAME   compare only this grant (it must be in both files)
  --json         print { subset, grants: { NAME: { subset, widenings? } } }
  -h, --help     show this help

Exit codes: 0 NEW allows nothing OLD does not, 1 NEW is wider, 2 bad input.

Example (a pull-request check):
  git show origin/main:policy.yaml > /tmp/old.yaml && toolgate diff /tmp/old.yaml policy.yaml
`,
  records: `toolgate records: list the decision records a run stored in SQLite or PostgreSQL, oldest first.

Usage: toolgate records --store sqlite:PATH|postgres://USER@HOST/DB [--run ID] [--code CODE]
                        [--tool REF|NAME] [--since ISO] [--fires] [--json]
       toolgate records --policy POLICY [...]

Options:
  --store URL    sqlite:PATH, or postgres://… (add ?schema=NAME when not public)
  --policy FILE  without --store: the store toolgate mcp --policy FILE writes by default
                 (sqlite:toolgate-records.db beside it)
  --run ID       only this run's rows
  --code CODE    only rows refused with this code (such as not_granted)
  --tool T       only rows about this ref (search@1) or any version of this name (search)
  --since ISO    only rows stored at or after this ISO 8601 time (UTC when no zone is given)
  --fires        also list how fired calls ended (fire rows)
  --json         one JSON object a line: { type, run, turn, call?, step?, settled?, allowed?,
                 check?, code?, ref?, at, audit?, record }
  -h, --help     show this help

Exit codes: 0 listed (also when nothing matches), 2 bad input or a store that cannot be read.

Example:
  toolgate records --store sqlite:toolgate-records.db --run run-42 --code folder_out_of_scope
`,
  approvals: `toolgate approvals: the ask calls waiting for a person (toolgate mcp --approvals
local), and the answers to them, on a channel the agent cannot reach.

Usage: toolgate approvals [--store URL | --policy POLICY] [--json]
       toolgate approvals approve ID [--store … | --policy …] [--as NAME]
       toolgate approvals deny ID [--store … | --policy …] [--as NAME]

  --store URL       the record store the proxy keeps them in: sqlite:PATH or
                    postgres://USER@HOST/DB?schema=S
  --policy POLICY   the store toolgate mcp --policy POLICY writes beside it
  --as NAME         who answers, as the store records it (default: the OS user)
  --json            one pending approval a line: id, run, ref, resources, arguments,
                    createdAt, digest

Exit codes: 0 listed / answered; 2 bad input, or an approval that ended already or
does not exist.

Example:
  toolgate approvals --policy policy.yaml
  toolgate approvals approve 3f9a2c1d0e4b --policy policy.yaml
`,
  ui: `toolgate ui: a page on 127.0.0.1 with the ask calls waiting for a person (Approve,
Deny) and the recent decisions, filtered by run, code and tool; it reloads itself.

Usage: toolgate ui [--store URL | --policy POLICY] [--port P] [--as NAME]

  --store URL       the record store: sqlite:PATH or postgres://USER@HOST/DB?schema=S
  --policy POLICY   the store toolgate mcp --policy POLICY writes beside it
  --port P          the port (default: a free one)
  --as NAME         who answers, as the store records it (default: the OS user)

It prints the URL to open once: it carries a fresh token, which the page then keeps in a
cookie; without it every request gets 401. Stop it with Ctrl-C.

Exit codes: 0 stopped; 2 bad input.

Example:
  toolgate ui --policy policy.yaml
`,
  suggest: `toolgate suggest: the narrowest grant that would have allowed every call the
recorded runs made (audit runs are the usual input), as policy YAML to paste, each entry
with the calls and runs it covers, then what it takes away from the current grant and
what it adds, as comments.

Usage: toolgate suggest --policy POLICY [--grant NAME] [--store URL] [--run ID]... [--since TIME]
                        [--margin M] [--json]

  --policy POLICY   the policy holding the current grant
  --grant NAME      the grant to tighten (may be left out when the policy has one)
  --store URL       the records: sqlite:PATH, jsonl:PATH or postgres://… (default: the store
                    toolgate mcp --policy POLICY writes beside it)
  --run ID          only this run (repeat for several)
  --since TIME      only records at or after this ISO 8601 time (not for JSONL)
  --margin M        budgets are the largest run's use times 1 + M (default 0.5)
  --json            one object { grant, diff }: the suggested grant's spec and
                    compareGrants(current, suggested); notes go to stderr

Exit codes: 0 suggested; 2 bad input (usage, a policy with errors, no records).

Example:
  toolgate suggest --policy ~/.config/Claude/toolgate/policy.yaml --grant default
`,
  mcp: `toolgate mcp: the MCP proxy. Serves the servers a policy names, listing only the tools
its grant allows and running every check on every tools/call before the server sees it.

Usage:
  toolgate mcp wrap --client CLIENT [--config FILE] [--policy FILE] [--dry-run]
  toolgate mcp unwrap --client CLIENT [--config FILE]
  toolgate mcp --policy POLICY [--grant NAME] [--agent NAME] [--lock FILE] [--http PORT]
               [--token-file FILE] [--audit] [--records URL] [--ledger URL] [--run-id ID]
               [--approvals elicit|local|both] [--approval-timeout S]
  toolgate mcp lock --policy POLICY [--lock FILE]
  toolgate mcp init [--name NAME] [--out FILE] --server -- CMD ARGS...
  toolgate mcp doctor --policy POLICY [--grant NAME] [--lock FILE] [--records URL]

toolgate mcp wrap: puts every server of a client's MCP config behind toolgate mcp --audit:
writes a policy with those servers and every tool they list granted, locks it, keeps
the config as it was in CONFIG.toolgate-backup.json and rewrites the config in place.
Running it again changes nothing; a config edited since wrap is left alone.
  --client CLIENT   claude-desktop, claude-code, cursor or vscode
  --config FILE     the client's config (default: claude-desktop ~/.config/Claude/
                    claude_desktop_config.json, on macOS ~/Library/Application Support/
                    Claude/…; claude-code ./.mcp.json; cursor ~/.cursor/mcp.json;
                    vscode ./.vscode/mcp.json)
  --policy FILE     the policy to write, which must not exist yet (default:
                    toolgate/policy.yaml beside the config)
  --dry-run         print the policy and the config's diff (env values and headers
                    redacted); write nothing
toolgate mcp unwrap: puts the config back as it was, byte for byte, and removes the
backup (the policy stays); refused when the config changed since wrap wrote it.

toolgate mcp (serve, over stdio unless --http):
  --policy POLICY   the policy file (servers, tools, grants)
  --grant NAME      the grant (may be left out when the policy has one)
  --agent NAME      list only the tools the agent sees
  --lock FILE       the lock to serve (default: toolgate.lock beside the policy)
  --http PORT       serve Streamable HTTP on 127.0.0.1:PORT at /mcp (0: a free port); every
                    request needs Authorization: Bearer TOKEN
  --token-file FILE where --http writes its fresh token, mode 0600 (default:
                    toolgate-http.token beside the policy)
  --audit           decide and record every call, and let it through
  --records URL     where decisions go: sqlite:PATH, jsonl:PATH or postgres://… (default:
                    sqlite:toolgate-records.db beside the policy)
  --ledger URL      postgres://…: share the run's budgets with every proxy of the same
                    --run-id (which it then needs)
  --run-id ID       the process's run id; every session shares the one run (default: random)
  --approvals MODE  how a person approves an ask call: elicit (through the client), local
                    (a pending approval in the record store: toolgate approvals approve ID),
                    both (the first answer stands); default: elicit when the client can,
                    else local
  --approval-timeout S  how long a local approval waits before the call is refused
                    (default 120)
A call to a tool in the grant's ask runs only after a person approves its exact
arguments; otherwise it is refused.

toolgate mcp lock: starts each server, lists its tools and writes the lock: every
definition and its full SHA-256 digest. The proxy serves only locked definitions.
  --policy POLICY   the policy file
  --lock FILE       where to write (default: toolgate.lock beside the policy)

toolgate mcp init: starts one server, lists its tools and writes a starter policy
that grants nothing (path- and URL-looking arguments are marked # CHECK).
  --name NAME       the server's name in the policy (default: server)
  --out FILE        write to FILE, which must not exist yet (default: standard output)
  --server -- CMD   the command (and its arguments) that starts the server

toolgate mcp doctor: checks in order that the policy loads with a grant, the lock is
there and readable, each server starts and lists every granted tool as locked, and
the record store can be written; prints ok or FAIL per check, stops at the first
FAIL, and when all pass prints the configuration for Claude Desktop, Claude Code,
Cursor and VS Code with absolute paths. Takes --policy, --grant, --lock, --records.

  -h, --help        show this help

Exit codes: 0 served until the client left / written / every check passed; 1 a
doctor check failed; 2 bad input (usage, a policy with errors, a bad lock, a server
that cannot be listed).

Examples:
  toolgate mcp wrap --client claude-desktop --dry-run
  toolgate mcp init --name fs --out policy.yaml --server -- npx @modelcontextprotocol/server-filesystem /srv/data
  toolgate mcp lock --policy policy.yaml
  toolgate mcp doctor --policy policy.yaml
  toolgate mcp --policy policy.yaml --grant default
`,
};
