/// A generator of values: a pure function from a stream of choices to a value.
///
/// A `Gen` never holds a PRNG. It draws from a `ChoiceSource`, which either makes choices up from a
/// seed or replays recorded ones, so the value is a pure function of the recorded choice sequence.
/// That is what makes shrinking work through every combinator, including `flatMap` (the shrinker
/// mutates choices, not values), and what makes a failure replayable from a short token.
///
///     let pairs = Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...100))
///     let sorted = Gen.array(of: Gen.int(in: -9...9), count: 0...20).map { $0.sorted() }
///     let dependent = Gen.int(in: 1...10).flatMap { n in Gen.array(of: .int(in: 0...n), count: n...n) }
public struct Gen<Value>: Sendable {
    /// Draws one value from `source`.
    public let run: @Sendable (inout ChoiceSource) throws(GenerationStop) -> Value

    /// Creates a generator from a drawing function.
    public init(_ run: @escaping @Sendable (inout ChoiceSource) throws(GenerationStop) -> Value) {
        self.run = run
    }

    /// Generates one value from `seed` (for examples and benchmarks; properties use the runner).
    public func sample(seed: UInt64, sizeScale: Double = 1) throws(GenerationStop) -> Value {
        var source = ChoiceSource(seed: seed, sizeScale: sizeScale)
        return try run(&source)
    }

    /// Generates `count` values from seeds derived from `seed`.
    public func samples(_ count: Int, seed: UInt64) -> [Result<Value, GenerationStop>] {
        var seeds = Xoshiro256StarStar(seed: seed)
        return (0..<count).map { _ in
            let caseSeed = seeds.next()
            return Result { () throws(GenerationStop) -> Value in try sample(seed: caseSeed) }
        }
    }

    /// Replays `choices` and returns the value with the record of what was drawn.
    public func replay(_ choices: [UInt64], choicesMax: Int = ChoiceSource.defaultChoicesMax) throws(GenerationStop) -> (value: Value, record: ChoiceRecord) {
        var source = ChoiceSource(replaying: choices, recording: true, choicesMax: choicesMax)
        let value = try run(&source)
        return (value, source.record)
    }
}

// MARK: - Basic combinators

extension Gen {
    /// A generator that always produces `value` and draws nothing.
    public static func constant(_ value: Value) -> Gen where Value: Sendable {
        Gen { _ in value }
    }

    /// Transforms each generated value; shrinking works on the underlying choices.
    @inlinable
    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
        let run = self.run
        return Gen<T> { source throws(GenerationStop) in transform(try run(&source)) }
    }

    /// Generates a value, then a second value from a generator that depends on the first.
    ///
    /// The whole draw is one span, so the shrinker can simplify the first value and regenerate the
    /// second from the same choices (shrinking through `flatMap`, which type-based shrinkers cannot).
    @inlinable
    public func flatMap<T>(_ transform: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
        let run = self.run
        return Gen<T> { source throws(GenerationStop) in
            try source.withSpan(.flatMap) { source throws(GenerationStop) in
                let first = try run(&source)
                return try transform(first).run(&source)
            }
        }
    }

    /// Keeps only values satisfying `isIncluded`, retrying up to `attemptsMax` times in a row.
    ///
    /// Each attempt is a span, so the shrinker can delete rejected attempts. When every attempt is
    /// rejected, generation stops with `.filterExhausted`, naming `label`: a clear error, never a hang.
    @inlinable
    public func filter(_ label: String = "filter", attemptsMax: Int = 100, _ isIncluded: @escaping @Sendable (Value) -> Bool) -> Gen {
        precondition(attemptsMax > 0, "filter \"\(label)\" needs attemptsMax > 0, got \(attemptsMax)")
        let run = self.run
        return Gen { source throws(GenerationStop) in
            for _ in 0..<attemptsMax {
                let value = try source.withSpan(.filterAttempt) { source throws(GenerationStop) in try run(&source) }
                if isIncluded(value) { return value }
            }
            throw .filterExhausted(label: label, attempts: attemptsMax)
        }
    }

    /// Wraps every draw of this generator in a span with its own label.
    ///
    /// Sibling spans with equal labels are what the shrinker reorders and swaps; a distinct label
    /// keeps unrelated values of the same type from being exchanged.
    public func labeled(_ name: String) -> Gen {
        let run = self.run
        let label = SpanLabel(name)
        return Gen { source throws(GenerationStop) in
            try source.withSpan(label) { source throws(GenerationStop) in try run(&source) }
        }
    }

    /// Generates `nil` or a value; `nil` is the simpler choice.
    @inlinable
    public func optional(nilProbability: Double = 0.2) -> Gen<Value?> {
        precondition(nilProbability >= 0 && nilProbability <= 1, "nilProbability \(nilProbability) is outside 0...1")
        let run = self.run
        return Gen<Value?> { source throws(GenerationStop) in
            try source.withSpan(.optional) { source throws(GenerationStop) -> Value? in
                guard try source.drawFlag(probability: 1 - nilProbability) else { return nil }
                return try run(&source)
            }
        }
    }
}

// MARK: - Choosing between generators

extension Gen {
    /// Picks one of `generators` uniformly; shrinks toward the first.
    @inlinable
    public static func oneOf(_ generators: [Gen]) -> Gen {
        precondition(!generators.isEmpty, "oneOf needs at least one generator")
        let runs = generators.map(\.run)
        return Gen { source throws(GenerationStop) in
            try source.withSpan(.oneOf) { source throws(GenerationStop) in
                let index = try source.drawIndex(below: runs.count)
                return try runs[index](&source)
            }
        }
    }

    /// Picks one of `generators` uniformly; shrinks toward the first.
    public static func oneOf(_ generators: Gen...) -> Gen {
        oneOf(generators)
    }

    /// Picks a generator with probability proportional to its weight; shrinks toward the first listed.
    public static func frequency(_ weighted: [(weight: Int, generator: Gen)]) -> Gen {
        precondition(!weighted.isEmpty, "frequency needs at least one generator")
        precondition(weighted.allSatisfy { $0.weight >= 0 }, "frequency weights must not be negative")
        let weights = weighted.map { UInt64($0.weight) }
        let total = weights.reduce(0, +)
        precondition(total > 0, "frequency needs a positive total weight")
        let runs = weighted.map(\.generator.run)
        return Gen { source throws(GenerationStop) in
            try source.withSpan(.oneOf) { source throws(GenerationStop) in
                let index = try source.drawWeightedIndex(weights, total: total)
                return try runs[index](&source)
            }
        }
    }

    /// Picks one of `elements` uniformly; shrinks toward the first.
    @inlinable
    public static func element(of elements: [Value]) -> Gen where Value: Sendable {
        precondition(!elements.isEmpty, "element(of:) needs at least one element")
        return Gen { source throws(GenerationStop) in elements[try source.drawIndex(below: elements.count)] }
    }
}

// MARK: - Tuples

extension Gen {
    /// Generates a tuple from one generator per component, drawn left to right.
    @inlinable
    public static func zip<each Component>(_ generators: repeat Gen<each Component>) -> Gen<(repeat each Component)>
    where Value == (repeat each Component) {
        let runs = (repeat (each generators).run)
        return Gen { source throws(GenerationStop) in
            (repeat try (each runs)(&source))
        }
    }
}

extension Gen {
    /// Combines this generator with another into a pair.
    @inlinable
    public func zip<Other>(_ other: Gen<Other>) -> Gen<(Value, Other)> {
        let first = self.run
        let second = other.run
        return Gen<(Value, Other)> { source throws(GenerationStop) in (try first(&source), try second(&source)) }
    }
}

// MARK: - Recursion

extension Gen {
    /// Generates recursive structures (trees, expressions) at most `depthMax` levels deep.
    ///
    /// At each level the generator chooses between `leaf` (the simpler choice) and `node`, whose
    /// argument generates the children one level down. Every level is a span with the same label, so
    /// the shrinker can replace a node with one of its descendants.
    ///
    /// - Parameters:
    ///   - depthMax: the deepest nesting; at that depth only leaves are made.
    ///   - nodeProbability: how often generation makes a node rather than a leaf at each level.
    ///   - leaf: the generator of the simplest structures, with no children.
    ///   - node: builds the generator of a node from the generator of its children one level down.
    public static func recursive(depthMax: Int, nodeProbability: Double = 0.5, leaf: Gen, node: @escaping @Sendable (Gen) -> Gen) -> Gen {
        precondition(depthMax >= 0, "recursive needs depthMax >= 0, got \(depthMax)")
        var level = leaf.labeledSpan(.recursion)
        for _ in 0..<depthMax {
            let children = level
            let nodeRun = node(children).run
            let leafRun = leaf.run
            level = Gen { source throws(GenerationStop) in
                try source.withSpan(.recursion) { source throws(GenerationStop) in
                    try source.drawFlag(probability: nodeProbability) ? try nodeRun(&source) : try leafRun(&source)
                }
            }
        }
        return level
    }

    func labeledSpan(_ label: SpanLabel) -> Gen {
        let run = self.run
        return Gen { source throws(GenerationStop) in
            try source.withSpan(label) { source throws(GenerationStop) in try run(&source) }
        }
    }
}
