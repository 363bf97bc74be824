/// The range and shrink target of one recorded choice.
///
/// Every random decision a generator makes is a *choice*: an index `k` in `0...indexMax`. The index is
/// what the choice sequence records, replays and shrinks; index 0 is always the simplest value, and a
/// smaller index is always a simpler value. The kind maps indices to *offsets* `0...offsetMax` (the
/// value minus the range's lower bound) by zigzagging around `targetOffset`, the value the choice
/// shrinks toward:
///
///     index:  0   1     2     3     4   ...
///     offset: t   t+1   t-1   t+2   t-2 ...  (then the longer side alone once the shorter runs out)
///
/// So an integer in `-1000...1000` shrinks toward 0 and tries 1 before -1, and an integer in
/// `10...20` shrinks toward 10. The mapping is a bijection on `0...offsetMax`.
public struct ChoiceKind: Hashable, Sendable {
    /// The largest offset (and the largest index): the range holds `offsetMax + 1` values.
    public let offsetMax: UInt64
    /// The offset of the value the choice shrinks toward.
    public let targetOffset: UInt64

    /// Creates a kind; `targetOffset` must lie in `0...offsetMax`.
    @inlinable
    public init(offsetMax: UInt64, targetOffset: UInt64 = 0) {
        precondition(targetOffset <= offsetMax, "target offset \(targetOffset) exceeds offsetMax \(offsetMax)")
        self.offsetMax = offsetMax
        self.targetOffset = targetOffset
    }

    /// A yes/no choice: index 0 is "no", the simpler answer.
    @inlinable public static var flag: ChoiceKind { ChoiceKind(offsetMax: 1) }

    /// A choice with a single value, 0: recorded so the sequence keeps its shape, never shrunk.
    @inlinable public static var forcedZero: ChoiceKind { ChoiceKind(offsetMax: 0) }

    /// The largest valid index; equal to `offsetMax`.
    @inlinable public var indexMax: UInt64 { offsetMax }

    @inlinable var above: UInt64 { offsetMax - targetOffset }
    @inlinable var below: UInt64 { targetOffset }

    /// Returns the offset that index `k` denotes.
    @inlinable
    public func offset(forIndex k: UInt64) -> UInt64 {
        let t = targetOffset
        if t == 0 { return k }
        let shorter = Swift.min(above, below)
        // 2 * shorter <= offsetMax, so the product cannot overflow.
        if k <= 2 &* shorter {
            if k == 0 { return t }
            return k & 1 == 1 ? t &+ (k &+ 1) / 2 : t &- k / 2
        }
        let extra = k &- 2 &* shorter
        return above > below ? t &+ shorter &+ extra : t &- shorter &- extra
    }

    /// Returns the index that denotes `offset`; the inverse of `offset(forIndex:)`.
    @inlinable
    public func index(forOffset offset: UInt64) -> UInt64 {
        let t = targetOffset
        if t == 0 { return offset }
        let shorter = Swift.min(above, below)
        if offset >= t {
            let distance = offset &- t
            if distance == 0 { return 0 }
            return distance <= shorter ? 2 &* distance &- 1 : shorter &+ distance
        } else {
            let distance = t &- offset
            return distance <= shorter ? 2 &* distance : shorter &+ distance
        }
    }

    /// The signed distance of `offset` from the target, as a wide integer so that no range overflows.
    @inlinable
    public func signedDistance(forOffset offset: UInt64) -> Int128 {
        Int128(offset) - Int128(targetOffset)
    }
}
