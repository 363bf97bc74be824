// The model as an adapter program: serves every seam of the adapter protocol with the model's own
// implementation, so `adapterrun -- adapter-model` passes every suite (Docs/ProcessAdapter.md).
import ProcessAdapter

var server = AdapterServer.model(name: "the model (adapter-model)")
server.serve()
