// SpecModel: the pure, in-memory, deterministic implementation of every behaviour the seeds document.
// Its state machines land with issues 3 to 6; see Docs/Architecture.md.
