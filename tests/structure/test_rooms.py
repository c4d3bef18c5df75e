"""The rooms stay findable: no folder of more than 15 modules, no module over 400 lines,
no import circle among the project's modules, not even one hidden in a function, and the text
kernel leaning on nothing (docs/ARCHITECTURE.md).

These are checks on the source, so they run with the suite (`make test`) and fail the
build the day a folder or a module outgrows its room."""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("sms_gateway", "handlers", "models", "tests")
MAX_MODULES_PER_FOLDER = 15
MAX_LINES_PER_MODULE = 400


def modules() -> dict[str, Path]:
    """Every Python module of the project, by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imports_of(path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules `path` imports, at its top level or inside a function.

    An import moved into a function still ties the two modules together: it only hides a
    circle from the loader, so the circle test reads every import statement of the module."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def test_no_folder_holds_more_than_15_modules():
    per_folder = defaultdict(list)
    for name, path in modules().items():
        if path.name != "__init__.py":
            per_folder[str(path.parent.relative_to(ROOT))].append(path.name)
    crowded = {folder: len(names) for folder, names in per_folder.items() if len(names) > MAX_MODULES_PER_FOLDER}
    assert crowded == {}


def test_no_module_is_over_400_lines():
    long = {str(path.relative_to(ROOT)): lines for path in modules().values()
            if (lines := len(path.read_text().splitlines())) > MAX_LINES_PER_MODULE}
    assert long == {}


def test_no_import_circle():
    known = modules()
    graph = {name: imports_of(path, known) - {name} for name, path in known.items()}
    # A package imports its submodules' names and a submodule loads its package first:
    # that pair is how packages work, not a circle.
    for name, targets in graph.items():
        graph[name] = {target for target in targets if not name.startswith(target + ".")}
    circles, state = [], {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = "open"
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                circles.append(trail[trail.index(target):] + [target])
            elif target not in state:
                visit(target, trail + [target])
        state[node] = "done"

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert circles == []


def test_the_text_kernel_imports_nothing_of_the_project():
    """GSM-7, segments and digits are used by every folder, so they may lean on none of them:
    otherwise two folders that both count segments would be tied through the kernel."""
    known = modules()
    kernel = {name: path for name, path in known.items() if name == "handlers.text" or name.startswith("handlers.text.")}
    leaning = {name: sorted(target for target in imports_of(path, known) if target not in kernel)
               for name, path in kernel.items()}
    assert {name: targets for name, targets in leaning.items() if targets} == {}



def _names_a_provider(node: ast.AST) -> bool:
    """`settings.sms_provider == "exotel"` (or !=, in): a provider asked for by its name."""
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    asks = any(isinstance(side, ast.Attribute) and side.attr == "sms_provider" for side in sides)
    names = any(isinstance(side, ast.Constant) and isinstance(side.value, str) for side in sides) or any(
        isinstance(side, (ast.Tuple, ast.List, ast.Set)) for side in sides)
    return asks and names


def test_no_module_outside_a_provider_folder_asks_which_provider_is_configured():
    """Whether SMS go under India's DLT rules is `Settings.under_dlt` (DLT_ENTITY_ID set), and what a
    provider can do its folder declares (`ProviderSpec`): no rule elsewhere keys on a provider's name."""
    asking = []
    for name, path in modules().items():
        if name.startswith("tests") or name.startswith("sms_gateway.providers."):
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        asking += [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree) if _names_a_provider(node)]
    assert asking == []
