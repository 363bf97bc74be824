import Workloads

/// A measured figure in a report, with its bound spelled out for readers of the JSON.
package struct MetricReport: Sendable, Equatable, Codable {
    /// The limit a metric must respect, and on which side of it the value must stay.
    package struct Bound: Sendable, Equatable, Codable {
        /// Which side of the limit the value must stay on.
        package enum Relation: String, Sendable, Codable {
            /// The value must stay at or below the limit, or at or above it.
            case atMost, atLeast
        }

        /// Which side of the limit the value must stay on.
        package var relation: Relation
        /// The limit, in the metric's unit.
        package var limit: Double

        /// Builds a bound from its side and limit.
        package init(relation: Relation, limit: Double) {
            self.relation = relation
            self.limit = limit
        }
    }

    /// What the figure is: "reverse: mean shrink evaluations".
    package var name: String
    /// The figure's value, in `unit`.
    package var value: Double
    /// The figure's unit, plural: "evaluations", "runs".
    package var unit: String
    /// The limit the value must respect, or `nil` when the figure is only reported.
    package var bound: Bound?

    /// Builds a metric report from its name, value, unit and bound.
    package init(name: String, value: Double, unit: String, bound: Bound?) {
        self.name = name
        self.value = value
        self.unit = unit
        self.bound = bound
    }

    /// Records a workload's metric.
    package init(_ metric: Metric) {
        let bound: Bound? = switch metric.bound {
        case nil: nil
        case let .atMost(limit)?: Bound(relation: .atMost, limit: limit)
        case let .atLeast(limit)?: Bound(relation: .atLeast, limit: limit)
        }
        self.init(name: metric.name, value: metric.value, unit: metric.unit, bound: bound)
    }

    /// The workload metric this records.
    package var metric: Metric {
        let bound = self.bound.map { bound -> Metric.Bound in
            switch bound.relation {
            case .atMost: .atMost(bound.limit)
            case .atLeast: .atLeast(bound.limit)
            }
        }
        return Metric(name: name, value: value, unit: unit, bound: bound)
    }

    /// Whether the value respects its bound (always true without one).
    package var meetsBound: Bool {
        metric.meetsBound
    }
}
