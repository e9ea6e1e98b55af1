"""The pages people open in a browser: the spectator page and the lobby page.

Plain HTML, CSS and a small script, served from this package's `static/`
folder (package data): no build step, nothing fetched from elsewhere. The pages
read the same public REST API as any client (`/games/{id}`, `/material`,
`/board.svg`, `/stream`, `/games`), so they show nothing a spectator could not
already see.
"""
