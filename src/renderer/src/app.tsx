/** Placeholder shell until the chat UI lands (conversations, composer, tool cards, settings). */
export function App() {
  return (
    <main>
      <h1>Keel</h1>
      <p>The chat window is being built. The streaming parsers are available today through the CLI: keel replay.</p>
    </main>
  )
}
