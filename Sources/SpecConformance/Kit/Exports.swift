// The rules an implementation is graded by are stated in SpecRules; a consumer of the kit reads them
// through SpecConformance without naming a second module.
@_exported import SpecRules
