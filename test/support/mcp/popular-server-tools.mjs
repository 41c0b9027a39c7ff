// Tool definitions modelled on popular MCP servers, as measured on the real ones: the same servers, the same tool names and counts, the same
// description lengths where they break OpenAI's limits (sequential-thinking 2781 characters,
// context7 2006, firecrawl 12 of 26 over 1024 and up to 6993, desktop-commander 15 of 26 up to
// 6550), and schemas in the shapes those servers send (`$schema` draft-07 or 2020-12,
// `additionalProperties`, nested arrays, `anyOf`). The text is written here, not copied.
// Plain .mjs: the stdio test server (popular-tools-server.mjs) and the tests both read it.

/** Guidance paragraphs in the style of long MCP descriptions, repeated until a length is reached. */
const GUIDANCE = [
  'Best for: pages or jobs whose shape you already know; use it once the target is clear.',
  'Not recommended for: open-ended exploration where a search or a listing would answer faster.',
  'Common mistakes: passing a relative path, or asking for every field when two would do.',
  'Prompt example: "Read the changelog and tell me what changed in the last release."',
  'Returns: a JSON object with the result and, when something went wrong, a message saying why.',
  'Usage notes: results are cached for a short while; pass maxAge: 0 to force a fresh read.',
  'Performance: large inputs are processed in pages, so ask for the next page instead of all of it.',
  'Safety: nothing outside the allowed directories is touched; a refused path says so plainly.',
]

/** A description of exactly `length` characters: a lead sentence, then guidance lines. */
export function describe(lead, length) {
  let text = lead
  for (let i = 0; text.length < length; i++) text += `\n${i + 1}. ${GUIDANCE[i % GUIDANCE.length]}`
  return text.slice(0, length)
}

const str = (description) => ({ type: 'string', description })
const obj = (properties, required = [], extra = {}) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
  ...extra,
})
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema'

function server(name, dialect, entries) {
  return {
    server: name,
    tools: entries.map(([tool, lead, length, schema]) => ({
      name: tool,
      description: length ? describe(lead, length) : lead,
      inputSchema: { ...(dialect ? { $schema: dialect } : {}), ...(schema ?? obj({})) },
    })),
  }
}

const path = obj({ path: str('Absolute path') }, ['path'])
const repo = obj({ path: str('Repository path'), limit: { type: 'number', exclusiveMinimum: 0 } })
const chartData = obj(
  {
    data: {
      type: 'array',
      items: obj({ category: str('Category'), value: { type: 'number' }, group: str('Series') }, ['category', 'value']),
      minItems: 1,
    },
    title: str('Chart title'),
    theme: { type: 'string', enum: ['default', 'academy', 'dark'] },
    width: { type: 'number', default: 600 },
    height: { type: 'number', default: 400 },
  },
  ['data'],
)
const selector = obj({ uid: str('Element uid from the snapshot'), element: str('Human description of the element') }, [
  'uid',
])
const scrapeOptions = obj(
  {
    url: { type: 'string', format: 'uri' },
    formats: {
      type: 'array',
      items: {
        anyOf: [
          { type: 'string', enum: ['markdown', 'html', 'links', 'screenshot'] },
          obj({ type: { type: 'string', const: 'json' }, prompt: str('What to extract') }, ['type']),
        ],
      },
    },
    onlyMainContent: { type: 'boolean' },
    maxAge: { type: 'number' },
    headers: { type: 'object', propertyNames: { pattern: '^[A-Za-z-]+$' }, additionalProperties: { type: 'string' } },
  },
  ['url'],
)

/** The servers and their tools, in the order a user might configure them. */
export const POPULAR_SERVERS = [
  server('git', DRAFT_2020, [
    ...[
      'add',
      'blame',
      'branch',
      'changelog_analyze',
      'checkout',
      'cherry_pick',
      'clean',
      'clear_working_dir',
      'clone',
      'commit',
      'diff',
      'fetch',
      'init',
      'log',
      'merge',
      'pull',
      'push',
      'rebase',
      'reflog',
      'remote',
      'reset',
      'set_working_dir',
      'show',
      'stash',
      'status',
      'tag',
      'worktree',
      'wrapup_instructions',
    ].map((op) => [
      `git_${op}`,
      describe(`Runs git ${op.replace(/_/g, ' ')} in the working directory and returns structured output.`, 640),
      0,
      repo,
    ]),
  ]),
  server('chrome_devtools', undefined, [
    ...[
      'click',
      'close_page',
      'drag',
      'emulate',
      'evaluate_script',
      'fill',
      'fill_form',
      'get_console_message',
      'get_network_request',
      'handle_dialog',
      'hover',
      'list_console_messages',
      'list_network_requests',
      'list_pages',
      'navigate_page',
      'new_page',
      'performance_analyze_insight',
      'performance_start_trace',
      'performance_stop_trace',
      'press_key',
      'resize_page',
      'select_page',
      'take_screenshot',
      'take_snapshot',
      'upload_file',
      'wait_for',
      'get_page_title',
      'scroll',
      'select_option',
      'take_memory_snapshot',
      'emulate_network',
      'emulate_cpu',
    ].map((op) => [op, `${op.replace(/_/g, ' ')} in the selected page of the browser.`, 0, selector]),
  ]),
  server('chart', undefined, [
    ...[
      'area',
      'bar',
      'boxplot',
      'column',
      'district_map',
      'dual_axes',
      'fishbone_diagram',
      'flow_diagram',
      'funnel',
      'histogram',
      'line',
      'liquid',
      'mind_map',
      'network_graph',
      'organization_chart',
      'path_map',
      'pie',
      'pin_map',
      'radar',
      'sankey',
      'scatter',
      'treemap',
      'venn',
      'violin',
      'word_cloud',
      'spreadsheet',
      'waterfall',
    ].map((kind) => [
      `generate_${kind}${kind.includes('_') || ['spreadsheet'].includes(kind) ? '' : '_chart'}`,
      describe(
        `Generate a ${kind.replace(/_/g, ' ')} chart to show data, such as trends over time or parts of a whole.`,
        900,
      ),
      0,
      chartData,
    ]),
  ]),
  server('playwright', undefined, [
    ...[
      'close',
      'resize',
      'console_messages',
      'handle_dialog',
      'evaluate',
      'file_upload',
      'fill_form',
      'install',
      'press_key',
      'type',
      'navigate',
      'navigate_back',
      'network_requests',
      'run_code',
      'take_screenshot',
      'snapshot',
      'click',
      'drag',
      'hover',
      'select_option',
      'tabs',
      'wait_for',
      'mouse_move_xy',
      'mouse_click_xy',
      'pdf_save',
    ].map((op) => [
      `browser_${op}`,
      `${op.replace(/_/g, ' ')} (Playwright): acts on the current page.`,
      0,
      obj({
        ref: str('Exact target element reference from the page snapshot'),
        element: str('Human-readable element description'),
      }),
    ]),
  ]),
  server('firecrawl', undefined, [
    [
      'firecrawl_scrape',
      'Scrape content from a single URL with advanced options. This is the most powerful, fastest and most reliable scraper tool.',
      4210,
      scrapeOptions,
    ],
    [
      'firecrawl_map',
      'Map a website to discover all indexed URLs on the site.',
      1630,
      obj({ url: { type: 'string', format: 'uri' }, search: str('Filter'), limit: { type: 'number' } }, ['url']),
    ],
    [
      'firecrawl_search',
      'Search the web and optionally extract content from search results.',
      3350,
      obj(
        {
          query: str('Query'),
          limit: { type: 'number' },
          sources: {
            type: 'array',
            items: obj({ type: { type: 'string', enum: ['web', 'images', 'news'] } }, ['type']),
          },
          scrapeOptions,
        },
        ['query'],
      ),
    ],
    [
      'firecrawl_crawl',
      'Starts a crawl job on a website and extracts content from all pages.',
      2480,
      obj({ url: str('Start URL'), maxDiscoveryDepth: { type: 'number' }, limit: { type: 'number' }, scrapeOptions }, [
        'url',
      ]),
    ],
    ['firecrawl_check_crawl_status', 'Check the status of a crawl job.', 0, obj({ id: str('Crawl job id') }, ['id'])],
    [
      'firecrawl_extract',
      'Extract structured information from web pages using an LLM.',
      2140,
      obj(
        {
          urls: { type: 'array', items: { type: 'string' } },
          prompt: str('What to extract'),
          schema: { type: 'object', additionalProperties: true },
        },
        ['urls'],
      ),
    ],
    [
      'firecrawl_agent',
      'Run an autonomous research agent that browses and extracts for you.',
      2890,
      obj({ prompt: str('The goal'), urls: { type: 'array', items: { type: 'string' } } }, ['prompt']),
    ],
    ['firecrawl_agent_status', 'Check the status of an agent job.', 0, obj({ id: str('Job id') }, ['id'])],
    [
      'firecrawl_batch_scrape',
      'Scrape multiple URLs efficiently with built-in rate limiting and parallel processing.',
      1480,
      obj({ urls: { type: 'array', items: { type: 'string' } }, options: scrapeOptions }, ['urls']),
    ],
    [
      'firecrawl_check_batch_status',
      'Check the status of a batch scraping job.',
      0,
      obj({ id: str('Batch id') }, ['id']),
    ],
    [
      'firecrawl_monitor_create',
      'Create a monitor that re-scrapes pages on a schedule and reports what changed.',
      6993,
      obj(
        {
          urls: { type: 'array', items: { type: 'string' } },
          schedule: str('Cron expression'),
          webhook: { type: 'string', format: 'uri' },
        },
        ['urls', 'schedule'],
      ),
    ],
    [
      'firecrawl_monitor_update',
      'Change a monitor: its pages, its schedule or its webhook.',
      3120,
      obj({ id: str('Monitor id'), schedule: str('Cron expression') }, ['id']),
    ],
    ['firecrawl_monitor_list', 'List your monitors.', 0, obj({})],
    ['firecrawl_monitor_get', 'Get one monitor and its last run.', 0, obj({ id: str('Monitor id') }, ['id'])],
    ['firecrawl_monitor_delete', 'Delete a monitor.', 0, obj({ id: str('Monitor id') }, ['id'])],
    [
      'firecrawl_monitor_runs',
      'List the runs of a monitor with what changed in each.',
      1210,
      obj({ id: str('Monitor id') }, ['id']),
    ],
    [
      'firecrawl_deep_research',
      'Conduct deep web research on a query using crawling, search and analysis.',
      1890,
      obj({ query: str('Question'), maxDepth: { type: 'number' } }, ['query']),
    ],
    [
      'firecrawl_generate_llmstxt',
      'Generate a standardized llms.txt file for a domain.',
      1320,
      obj({ url: str('Site URL') }, ['url']),
    ],
    ...[
      'cancel_crawl',
      'cancel_batch',
      'crawl_errors',
      'batch_errors',
      'credit_usage',
      'token_usage',
      'queue_status',
      'active_crawls',
    ].map((op) => [
      `firecrawl_${op}`,
      `${op.replace(/_/g, ' ')} for your Firecrawl account.`,
      0,
      obj({ id: str('Job id') }),
    ]),
  ]),
  server('desktop_commander', DRAFT_07, [
    ['get_config', 'Get the complete server configuration as JSON.', 980, obj({})],
    [
      'set_config_value',
      'Set a specific configuration value by key.',
      1720,
      obj({ key: str('Key'), value: {} }, ['key']),
    ],
    [
      'read_file',
      'Read the contents of a file from the file system or a URL with optional offset and length parameters.',
      3890,
      obj({ path: str('Path'), offset: { type: 'number', default: 0 }, length: { type: 'number', default: 1000 } }, [
        'path',
      ]),
    ],
    [
      'read_multiple_files',
      'Read the contents of multiple files simultaneously.',
      1450,
      obj({ paths: { type: 'array', items: { type: 'string' } } }, ['paths']),
    ],
    [
      'write_file',
      'Write or append to file contents, in chunks of at most 30 lines.',
      3260,
      obj(
        {
          path: str('Path'),
          content: str('Text'),
          mode: { type: 'string', enum: ['rewrite', 'append'], default: 'rewrite' },
        },
        ['path', 'content'],
      ),
    ],
    [
      'write_pdf',
      'Create a new PDF file or modify an existing one from markdown.',
      4410,
      obj(
        {
          path: str('Path'),
          content: { anyOf: [{ type: 'string' }, { type: 'array', items: obj({ type: { type: 'string' } }) }] },
        },
        ['path', 'content'],
      ),
    ],
    ['create_directory', 'Create a new directory or ensure a directory exists.', 0, path],
    [
      'list_directory',
      'Get a detailed listing of all files and directories in a specified path.',
      1960,
      obj({ path: str('Path'), depth: { type: 'number', default: 2 } }, ['path']),
    ],
    [
      'move_file',
      'Move or rename files and directories.',
      0,
      obj({ source: str('From'), destination: str('To') }, ['source', 'destination']),
    ],
    [
      'start_search',
      'Start a streaming search that can return results progressively.',
      6550,
      obj(
        {
          path: str('Where'),
          pattern: str('What'),
          searchType: { type: 'string', enum: ['files', 'content'] },
          filePattern: str('Glob'),
          ignoreCase: { type: 'boolean' },
          maxResults: { type: 'number' },
          contextLines: { type: 'number' },
        },
        ['path', 'pattern'],
      ),
    ],
    [
      'get_more_search_results',
      'Get more results from an active search with offset-based pagination.',
      1590,
      obj({ sessionId: str('Search'), offset: { type: 'number' } }, ['sessionId']),
    ],
    ['stop_search', 'Stop an active search.', 0, obj({ sessionId: str('Search') }, ['sessionId'])],
    ['list_searches', 'List all active searches.', 0, obj({})],
    ['get_file_info', 'Retrieve detailed metadata about a file or directory.', 1120, path],
    [
      'edit_block',
      'Apply surgical edits to files.',
      3980,
      obj(
        {
          file_path: str('Path'),
          old_string: str('Text to find'),
          new_string: str('Replacement'),
          expected_replacements: { type: 'number', default: 1 },
        },
        ['file_path', 'old_string', 'new_string'],
      ),
    ],
    [
      'start_process',
      'Start a new terminal process with intelligent state detection.',
      5120,
      obj({ command: str('Command'), timeout_ms: { type: 'number' }, shell: str('Shell') }, ['command', 'timeout_ms']),
    ],
    [
      'read_process_output',
      'Read output from a running process.',
      2210,
      obj({ pid: { type: 'number' }, timeout_ms: { type: 'number' } }, ['pid']),
    ],
    [
      'interact_with_process',
      'Send input to a running process and automatically receive the response.',
      4830,
      obj({ pid: { type: 'number' }, input: str('Input'), timeout_ms: { type: 'number' } }, ['pid', 'input']),
    ],
    ['force_terminate', 'Force terminate a running terminal session.', 0, obj({ pid: { type: 'number' } }, ['pid'])],
    ['list_sessions', 'List all active terminal sessions.', 0, obj({})],
    ['list_processes', 'List all running processes.', 0, obj({})],
    ['kill_process', 'Terminate a running process by PID.', 0, obj({ pid: { type: 'number' } }, ['pid'])],
    ['get_usage_stats', 'Get usage statistics for debugging and analysis.', 0, obj({})],
    [
      'get_recent_tool_calls',
      'Get recent tool call history with their arguments and outputs.',
      1380,
      obj({ maxResults: { type: 'number' } }),
    ],
    ['give_feedback_to_desktop_commander', 'Open the feedback form in the browser.', 0, obj({})],
    [
      'get_prompts',
      'Browse and retrieve curated onboarding prompts.',
      1240,
      obj({ action: { type: 'string', enum: ['list_categories', 'list_prompts', 'get_prompt'] } }, ['action']),
    ],
  ]),
  server('sequential_thinking', undefined, [
    [
      'sequentialthinking',
      'A detailed tool for dynamic and reflective problem-solving through thoughts. Each thought can build on, question, or revise previous insights as understanding deepens.',
      2781,
      obj(
        {
          thought: str('Your current thinking step'),
          nextThoughtNeeded: { type: 'boolean' },
          thoughtNumber: { type: 'integer', minimum: 1 },
          totalThoughts: { type: 'integer', minimum: 1 },
          isRevision: { type: 'boolean' },
          revisesThought: { type: 'integer', minimum: 1 },
          branchFromThought: { type: 'integer', minimum: 1 },
          branchId: str('Branch identifier'),
        },
        ['thought', 'nextThoughtNeeded', 'thoughtNumber', 'totalThoughts'],
      ),
    ],
  ]),
  server('context7', undefined, [
    [
      'resolve-library-id',
      'Resolves a package or product name to a Context7-compatible library ID and returns matching libraries.',
      2006,
      obj({ libraryName: str('Library name to search for') }, ['libraryName']),
    ],
    [
      'query-docs',
      'Fetches up-to-date documentation for a library by its Context7 ID.',
      0,
      obj({ libraryId: str('Context7 library id'), topic: str('Topic'), tokens: { type: 'number' } }, ['libraryId']),
    ],
  ]),
]

/** Every tool of every server above: 167 (git 28, chrome_devtools 32, chart 27, playwright 25, firecrawl 26, desktop_commander 26, sequential_thinking 1, context7 2). */
export function allPopularTools() {
  return POPULAR_SERVERS.flatMap(({ server, tools }) => tools.map((tool) => ({ server, tool })))
}
