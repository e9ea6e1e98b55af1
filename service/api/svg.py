"""Routes that answer an SVG picture: its media type and its OpenAPI 200 response.

Litestar cannot describe a ``bytes`` answer as an SVG document, so each picture route
(the board, the heat map, the score chart) names an operation class that says so;
`svg_operation` makes one from the picture's own description, the same for all.
"""

from __future__ import annotations

from dataclasses import dataclass

from litestar.openapi.spec import OpenAPIMediaType, OpenAPIResponse, OpenAPIType, Operation, Schema

SVG = "image/svg+xml"


def svg_operation(description: str) -> type[Operation]:
    """An operation class whose 200 response is an SVG document described by `description`."""

    @dataclass
    class SvgOperation(Operation):
        def __post_init__(self) -> None:
            self.responses = {
                **(self.responses or {}),
                "200": OpenAPIResponse(
                    description=description,
                    content={SVG: OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING))},
                ),
            }

    return SvgOperation
