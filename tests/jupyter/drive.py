"""Drive the puzzlelab kernel with the real Jupyter client (jupyter_client).

Run by tests/jupyter.rs with JUPYTER_PATH pointing at a folder where
`puzzlelab jupyter install --prefix` wrote the kernelspec. Prints one JSON
object: what each request got back (replies and IOPub outputs), for the
Rust test to check against the library's own answers.

    python drive.py protocol        the requests of the protocol test
    python drive.py render CODE OUT.html
                                    a one-cell notebook run and written as HTML
    python drive.py notebooks A.ipynb B.ipynb ...
                                    run each notebook with nbclient, write it
                                    back executed, print each code cell's outputs
"""

import json
import sys
import time

TIMEOUT = 120

# Kernels started, shut down at the end whatever happened.
KERNELS = []


def collect(kc, msg_id, timeout=TIMEOUT):
    """IOPub messages answering msg_id, up to its `idle` status."""
    outputs = []
    deadline = time.time() + timeout
    while time.time() < deadline:
        msg = kc.get_iopub_msg(timeout=deadline - time.time())
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        content = msg["content"]
        if kind == "status":
            if content["execution_state"] == "idle":
                return outputs
            continue
        outputs.append({"type": kind, "content": content})
    raise TimeoutError(f"no idle status for {msg_id}")


def execute(kc, code, allow_stdin=False):
    msg_id = kc.execute(code, allow_stdin=allow_stdin)
    reply = kc.get_shell_msg(timeout=TIMEOUT)
    assert reply["parent_header"]["msg_id"] == msg_id, reply
    outputs = collect(kc, msg_id)
    return {"code": code, "reply": reply["content"], "outputs": outputs}


def shell(kc, msg_id):
    reply = kc.get_shell_msg(timeout=TIMEOUT)
    assert reply["parent_header"]["msg_id"] == msg_id, reply
    collect(kc, msg_id)
    return reply["content"]


def protocol():
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="puzzlelab")
    KERNELS.append(km)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=TIMEOUT)
    out = {}
    out["spec"] = {
        "interrupt_mode": km.kernel_spec.interrupt_mode,
        "language": km.kernel_spec.language,
        "display_name": km.kernel_spec.display_name,
    }
    msg_id = kc.kernel_info()
    out["kernel_info"] = shell(kc, msg_id)

    out["cells"] = [
        execute(kc, 'let a = 20;\nprint("hello");\nprint("world");\na + 1'),
        execute(kc, "a * 2"),
        execute(kc, "ym"),
        execute(kc, 'display(ym);\n"after"'),
        execute(kc, "let b = 1;\nlet c = count_polyomno(rect(6, 10), \"pentominoes\");"),
    ]
    # A failed cell aborts the cells queued behind it (stop_on_error). Its
    # loop (about 0.2 s) keeps it running until the second is queued, even
    # with the whole test suite loading both cores.
    first = kc.execute("let s = 0;\nfor i in 0..2000000 { s += i }\nnosuch_fn()")
    second = kc.execute("a + 1")
    replies = {}
    for _ in range(2):
        reply = kc.get_shell_msg(timeout=TIMEOUT)
        replies[reply["parent_header"]["msg_id"]] = reply["content"]
    # Both idle statuses (the aborted cell's comes before the failed one's).
    waiting = {first, second}
    while waiting:
        msg = kc.get_iopub_msg(timeout=TIMEOUT)
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            waiting.discard(msg["parent_header"].get("msg_id"))
    out["abort"] = [replies[first]["status"], replies[second]["status"]]
    out["after_abort"] = execute(kc, "a + 2")

    msg_id = kc.complete("count_poly", 10)
    out["complete"] = shell(kc, msg_id)
    msg_id = kc.complete("let g = ym; g.fil", 17)
    out["complete_method"] = shell(kc, msg_id)
    msg_id = kc.inspect("x = count_polyomino(rect(6, 10))", 8)
    out["inspect"] = shell(kc, msg_id)
    msg_id = kc.inspect("nosuchname + 1", 3)
    out["inspect_missing"] = shell(kc, msg_id)
    out["is_complete"] = [shell(kc, kc.is_complete(code)) for code in ["fn f(x) {", "1 + 1"]]

    # An interactive function asks for its answers with input_request.
    answers = ["1", "Z", "1", "", "n"]
    msg_id = kc.execute('pentomino("V")', allow_stdin=True)
    asked = []
    while len(asked) < len(answers):
        request = kc.get_stdin_msg(timeout=TIMEOUT)
        assert request["msg_type"] == "input_request", request
        asked.append(request["content"]["prompt"])
        kc.input(answers[len(asked) - 1])
    reply = kc.get_shell_msg(timeout=TIMEOUT)
    out["input"] = {"asked": len(asked), "reply": reply["content"], "outputs": collect(kc, msg_id)}

    # Interrupt a long count once it has shown its progress, then run a cell.
    # A count that runs for minutes: the interrupt always lands inside it.
    code = 'count_polycube(cuboid(3, 4, 10), "pentominoes", #{copies: 2})'
    msg_id = kc.execute(code)
    outputs = []
    deadline = time.time() + TIMEOUT
    interrupted_at = None
    while time.time() < deadline:
        try:
            msg = kc.get_iopub_msg(timeout=0.2)
        except Exception:
            msg = None
        if interrupted_at is None and any(o["type"] == "update_display_data" for o in outputs):
            km.interrupt_kernel()
            interrupted_at = time.time()
        if msg is None or msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status":
            if msg["content"]["execution_state"] == "idle":
                break
            continue
        outputs.append({"type": msg["msg_type"], "content": msg["content"]})
    reply = kc.get_shell_msg(timeout=TIMEOUT)
    out["interrupt"] = {
        "interrupted": interrupted_at is not None,
        "reply": reply["content"],
        "outputs": outputs,
    }
    out["after_interrupt"] = execute(kc, "a + 22")
    out["alive"] = km.is_alive()
    # The heartbeat channel counts as beating until a ping goes unanswered
    # for time_to_dead (1 s): wait longer than that, then ask.
    time.sleep(1.5 * kc.hb_channel.time_to_dead)
    out["heartbeat"] = kc.hb_channel.is_beating()

    # shutdown_request on control: its reply arrives, then the kernel
    # leaves by itself.
    msg_id = kc.shutdown()
    reply = kc.get_control_msg(timeout=TIMEOUT)
    out["shutdown_reply"] = {
        "answers": reply["parent_header"].get("msg_id") == msg_id,
        "type": reply["msg_type"],
        "content": reply["content"],
    }
    deadline = time.time() + TIMEOUT
    while km.is_alive() and time.time() < deadline:
        time.sleep(0.05)
    out["left_by_itself"] = not km.is_alive()

    kc.stop_channels()
    km.shutdown_kernel(now=False)
    out["alive_after_shutdown"] = km.is_alive()
    print(json.dumps(out))


def notebooks(paths):
    import nbformat
    from nbclient import NotebookClient

    out = {}
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        NotebookClient(nb, kernel_name="puzzlelab", timeout=600).execute()
        nbformat.write(nb, path)
        cells = []
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            cells.append(
                {
                    "source": cell.source,
                    "hidden": bool(cell.metadata.get("jupyter", {}).get("source_hidden")),
                    "outputs": cell.outputs,
                }
            )
        out[path] = cells
    print(json.dumps(out))


def render(code, out):
    """A one-cell notebook of `code`, run by nbclient, as HTML (nbconvert)."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(code))
    nb.metadata["kernelspec"] = {"name": "puzzlelab", "display_name": "puzzlelab", "language": "rhai"}
    NotebookClient(nb, kernel_name="puzzlelab", timeout=600).execute()
    html, _ = HTMLExporter().from_notebook_node(nb)
    with open(out, "w", encoding="utf-8") as f:
        f.write(html)
    print(json.dumps({"outputs": nb.cells[0].outputs}))


if __name__ == "__main__":
    if sys.argv[1] == "protocol":
        try:
            protocol()
        finally:
            # A failed check must not leave the kernel holding our stdout
            # (the Rust test would wait for it forever).
            for km in KERNELS:
                if km.has_kernel:
                    km.shutdown_kernel(now=True)
    elif sys.argv[1] == "render":
        render(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "notebooks":
        notebooks(sys.argv[2:])
    else:
        sys.exit(f"unknown mode {sys.argv[1]}")
