// Mermaid diagrams follow the window's theme: in dark, the
// edges and their labels are drawn light (Mermaid's `dark` theme), not the default theme's dark grey
// that vanished on the dark background; switching the theme draws the diagram again.
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { enqueue, openApp, resetSim, send } from './sim'

test.beforeEach(async () => {
  await resetSim()
})

/** The relative luminance (0 black … 1 white) of a `#rgb`/`#rrggbb`/`rgb()` colour. */
function luminance(colour: string): number {
  let rgb: number[]
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d) : hex[1]!.match(/../g)!
    rgb = digits.map((d) => parseInt(d, 16))
  } else {
    const parts = /rgba?\(([^)]+)\)/.exec(colour)
    if (!parts) throw new Error(`not a colour: ${colour}`)
    rgb = parts[1]!
      .split(',')
      .slice(0, 3)
      .map((n) => Number(n.trim()))
  }
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** The stroke of the diagram's edges, as its SVG (the image's data URL) styles them, as `rgb(…)`. */
async function edgeStroke(image: Locator): Promise<string> {
  const src = (await image.getAttribute('src')) ?? ''
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))
  const rule = /\.flowchart-link\{[^}]*?stroke:([^;}]+)/.exec(svg)
  if (!rule) throw new Error('no edge style in the diagram')
  // Named colours ("lightgrey") as the browser computes them.
  return image.evaluate((_, colour) => {
    const probe = document.createElement('span')
    probe.style.color = colour
    document.body.append(probe)
    const computed = getComputedStyle(probe).color
    probe.remove()
    return computed
  }, rule[1]!.trim())
}

test('a diagram is drawn in the dark theme in dark, and again in light when the theme changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await enqueue({ type: 'turn', text: 'Flow:\n\n```mermaid\ngraph TD\n  A[Start] -->|go| B[End]\n```\n\nDone.' })
  await openApp(page)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await send(page, 'Draw a flow')
  const answer = page.getByTestId('message-assistant').last()
  await expect(answer).toContainText('Done.')
  const figure = answer.getByTestId('diagram')
  const image = figure.getByRole('img', { name: 'Diagram' })
  await expect(image).toBeVisible()
  // Light edges on the dark background.
  await expect.poll(async () => luminance(await edgeStroke(image))).toBeGreaterThan(0.5)

  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  // Drawn again: dark edges on the light background.
  await expect.poll(async () => luminance(await edgeStroke(image))).toBeLessThan(0.2)
})
