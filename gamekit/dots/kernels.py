"""numba kernels of the compiled Dots and Boxes search (see :mod:`gamekit.dots.fast`); imports numba.

Module-level functions with ``cache=True``, so numba keeps the machine code between processes.

``search``, ``mtdf`` and ``loony_value`` are compiled without numba's runtime (``_nrt=False``): they never
allocate, and without the runtime numba emits no reference counting. With it, every call of an inlined helper
that takes an array (the chain walk's ``other_line``, ``play``, the table's accessors) counted a reference up
and down with atomic instructions: 37 % of the search's cycles (measured: docs/dots.md). ``loony_value``'s table
of sub-multisets lives in ``work``: at most 288 entries on the largest board that fits (25 boxes; tested).
"""

import time

import numpy as np
from llvmlite import ir
from numba import int64, njit, objmode, types, uint64
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = ["search", "mtdf", "gen_moves"]

NO_BOUND = 10000
NOT_PROBED = 255  # ``etck[1, i]``: no child of line i for the enhanced transposition cutoff to probe
# (``etck[0 / 1 / 2, i]``: the child's key, the boxes its line hands over, its bucket)
# bits of ``flags``: the optional reductions (each can be turned off to measure it)
LOONY_BOUND = 1
KILLERS = 2
TWO_TIER = 4
TWINS = 8
ETC_SACRIFICE = 16
ETC_BOUND = 32
FOUR_WAY = 64
HASH_MIX = 128
PREFETCH = 256
CHAIN_END = 512
ETC_LONG = 1024
CONTRACT = 2048
LOOP_BIT = np.uint64(1) << np.uint64(63)  # ``cbox``: the chain is a loop


@intrinsic
def bit_count(typingctx, x):
    """The number of set bits of the uint64 ``x``: LLVM's ``ctpop`` (one instruction where the CPU has one)."""
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def trailing_zero_bits(typingctx, x):
    """The index of the lowest set bit of the uint64 ``x`` (64 for 0): LLVM's ``cttz``."""
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@njit(cache=True, inline="always")
def low_index(x):
    """Index of the lowest set bit of ``x`` (not 0)."""
    return trailing_zero_bits(x)


@njit(cache=True, inline="always")
def popcount(x):
    """The number of set bits of ``x``."""
    return bit_count(x)


@intrinsic
def prefetch_row(typingctx, arr, row):
    """Ask the CPU to start loading row ``row`` of the 2-D array ``arr`` into its cache (LLVM's prefetch: read,
    keep in every cache level); no effect on any value."""
    sig = types.void(arr, row)

    def codegen(context, builder, signature, args):
        ary_t = signature.args[0]
        ary = context.make_array(ary_t)(context, builder, args[0])
        item_ptr = cgutils.get_item_pointer(
            context, builder, ary_t, ary, [args[1], context.get_constant(types.intp, 0)]
        )
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), "llvm.prefetch.p0"
        )
        builder.call(
            fn, [builder.bitcast(item_ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)]
        )
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True, inline="always")
def ground_normal(x, gmask, gfirst, ng):
    """``x`` with the drawn border lines of each box that has two or more (``gmask[g]``: a corner box's two)
    moved to the first ones of the box (``gfirst[g, c]``: the first c): every border line of a box is a string
    from that coin to the ground, so which of them are drawn does not change the value, only how many."""
    for g in range(ng):
        m = gmask[g]
        x = (x & ~m) | gfirst[g, popcount(x & m)]
    return x


@njit(cache=True, inline="always")
def image(drawn, symtab, s):
    """The image of ``drawn`` under symmetry ``s``, a byte at a time through its lookup table."""
    img = uint64(0)
    x = drawn
    for byte in range(8):
        img |= symtab[s, byte, int64(x & uint64(255))]
        x >>= uint64(8)
    return img


@njit(cache=True, inline="always")
def canonical(drawn, symtab, syms, nsym, gmask, gfirst, ng, gsym):
    """Smallest image of ``drawn`` over the symmetries ``syms[1:nsym]`` (``syms[0]``: the identity), and the
    symmetry that gives it.  The search keeps its positions normal (:func:`ground_normal`: it only ever draws
    the first undrawn border line of a box), and so do the symmetries with ``gsym[s] == 0``; the images under
    the others (the diagonal reflections of a square, which swap a corner's two lines) are normalised here."""
    best = drawn
    which = 0
    for k in range(1, nsym):
        s = syms[k]
        img = image(drawn, symtab, s)
        if gsym[s]:
            img = ground_normal(img, gmask, gfirst, ng)
        if img < best:
            best = img
            which = s
    return best, which


@njit(cache=True, inline="always")
def sym_images(drawn, symtab, syms, nsym, out):
    """``out[k]``: the image of ``drawn`` under ``syms[k]`` (k = 1 .. nsym - 1), not normalised."""
    for k in range(1, nsym):
        out[k] = image(drawn, symtab, syms[k])


@njit(cache=True, inline="always")
def canonical_child(child, extra, dimg, perm, syms, nsym, gmask, gfirst, ng, gsym):
    """:func:`canonical` of ``child`` = the node's lines | ``extra``, from the node's images ``dimg``
    (:func:`sym_images`): an image of a union is the union of the images, so each symmetry costs a lookup per
    extra line instead of eight byte lookups.  The same result as ``canonical(child, ...)``."""
    best = child
    which = 0
    for k in range(1, nsym):
        s = syms[k]
        img = dimg[k]
        x = extra
        while x:
            img |= uint64(1) << uint64(perm[s, low_index(x)])
            x &= x - uint64(1)
        if gsym[s]:
            img = ground_normal(img, gmask, gfirst, ng)
        if img < best:
            best = img
            which = s
    return best, which


@njit(cache=True, _nrt=False)
def loony_value(ckind, clen, n, work):
    """Value for the player who must open one of ``n`` isolated chains (kind 0) / loops (kind 1).

    The classic recursion (open a chain of k ≥ 3: the opponent picks ``-k - v`` or ``4 - k + v``; a loop:
    ``-k - v`` or ``8 - k + v``; chains of 1–2: ``-k - v``), computed bottom-up over the multiset of
    components: equal components are interchangeable, so a state is a count per distinct kind of
    component (mixed-radix index), and no recursion is needed.  ``work``: scratch space (no allocation
    per leaf unless the table of sub-multisets outgrows it).
    """
    tk = work[0:n]
    tl = work[n : 2 * n]
    cnt = work[2 * n : 3 * n]
    T = 0
    for i in range(n):
        found = -1
        for t in range(T):
            if tk[t] == ckind[i] and tl[t] == clen[i]:
                found = t
                break
        if found < 0:
            tk[T] = ckind[i]
            tl[T] = clen[i]
            cnt[T] = 1
            T += 1
        else:
            cnt[found] += 1
    radix = work[3 * n : 3 * n + T]
    total = 1
    for t in range(T):
        radix[t] = total
        total *= cnt[t] + 1
    val = work[4 * n : 4 * n + total]  # never more than 288 entries (module docstring), so no allocation
    val[0] = 0
    for idx in range(1, total):
        best = -10000
        rest_idx = idx
        for t in range(T):
            c = (rest_idx // radix[t]) % (cnt[t] + 1)
            if c == 0:
                continue
            rest = val[idx - radix[t]]
            k = tl[t]
            if tk[t] == 0:
                if k <= 2:
                    v = -k - rest
                else:
                    v = min(-k - rest, 4 - k + rest)
            else:
                v = min(-k - rest, 8 - k + rest)
            if v > best:
                best = v
        val[idx] = best
    return val[total - 1]


@njit(cache=True, inline="always")
def other_line(b, skip, drawn, nbl, nbo):
    """The first undrawn line of box ``b`` other than ``skip``, and the box beyond it (-1: border)."""
    for i in range(4):
        l = nbl[b, i]
        if l != skip and not (drawn >> uint64(l)) & uint64(1):
            return l, nbo[b, i]
    return -1, -2


@njit(cache=True, inline="always")
def first_undrawn(glines, g, drawn):
    """The first undrawn line of border group ``g`` (-1: none)."""
    for j in range(glines.shape[1]):
        x = glines[g, j]
        if x < 0:
            break
        if not (drawn >> uint64(x)) & uint64(1):
            return x
    return -1


@njit(cache=True, inline="always")
def gen_moves(
    drawn,
    deg,
    nb,
    nbl,
    nbo,
    order,
    nl,
    moves,
    ckind,
    clen,
    d,
    safe_only,
    work,
    mub,
    gskip,
    gid,
    glines,
    flags,
    m1,
    m2,
    cbox,
):
    """The reduced move list into row ``d`` of ``moves`` (``ckind``/``clen`` row ``d``: scratch; rows,
    not slices, so no reference counting per node).  Returns (kind, count, loony value, number of safe
    lines, which come first in the row).

    kind 0 = take at once (one line), 1 = take or decline, 2 = ordinary, 3 = loony endgame.
    In an ordinary position, row ``d`` of ``mub`` gets an upper bound on the mover's value after each
    line (``NO_BOUND`` for safe lines): opening a chain of n ≥ 3 is worth at most -(n - 2), a loop of n at
    most -(n - 4) (the opponent can take all, or all but two / four and hand the move back: the better
    of the two is at least n - 2 / n - 4 whatever the rest is worth).
    ``safe_only``: in an ordinary position with at least one safe line, the safe lines are the only
    candidates (the safe-phase game of :class:`gamekit.dots.players.SafePhaseSolver`).
    ``gskip[l]``: the border lines of l's box that come before l when the box has two or more (a corner's
    two); l is left out while one of them is undrawn (drawing either gives the same strings-and-coins
    position).  Likewise a chain's line that is a border line of such a box is replaced by the box's first
    undrawn border line, so every line in the list keeps a normal position normal (:func:`ground_normal`).
    ``flags & TWINS``: of chains with the same two ends (a junction box or the ground) and the same length,
    one is tried (swapping their boxes is an automorphism of the strings-and-coins position).
    ``m1``/``m2``: the boxes with one / two undrawn lines (bitmasks kept by :func:`play`).
    Row ``d`` of ``cbox`` gets, per line of an ordinary position, the boxes of the long chain (3 or more) or loop
    it opens (``LOOP_BIT`` set for a loop; 0 for any other line); its second half is scratch."""
    # --- boxes on offer
    count = 0
    forced = -1
    ntakes = 0
    any1 = m1 != 0
    rem = m1
    while rem:
        b = low_index(rem)
        rem &= rem - uint64(1)
        l, o = other_line(b, -1, drawn, nbl, nbo)
        if o < 0 or deg[o] != 2:
            moves[d, 0] = l
            return 0, 1, 0, 0
        seen = False
        for i in range(ntakes):
            if moves[d, i] == l:
                seen = True
        if seen:
            continue
        m, o2 = other_line(o, l, drawn, nbl, nbo)
        if o2 >= 0 and deg[o2] == 2:
            m3, o3 = other_line(o2, m, drawn, nbl, nbo)
            if o3 < 0 or deg[o3] != 1:
                if forced < 0:
                    forced = l
                continue
        # keep takes in moves[d, 0:ntakes], each group's decline in ckind[d] (reused as scratch)
        moves[d, ntakes] = l
        ckind[d, ntakes] = m
        ntakes += 1
    if any1:
        if forced >= 0:
            moves[d, 0] = forced
            return 0, 1, 0, 0
        count = ntakes
        for i in range(ntakes):
            m = ckind[d, i]
            dup = False
            for j in range(count):
                if moves[d, j] == m:
                    dup = True
                    break
            if not dup:
                moves[d, count] = m
                count += 1
        return 1, count, 0, 0
    # --- no box on offer: safe lines first (centre first), then one line per chain or loop
    unsafe = uint64(0)
    any2 = m2 != 0
    rem = m2
    while rem:
        b = low_index(rem)
        rem &= rem - uint64(1)
        for i in range(4):
            unsafe |= uint64(1) << uint64(nbl[b, i])
    n_safe = 0
    for i in range(nl):
        l = order[i]
        bit = uint64(1) << uint64(l)
        if not drawn & bit and not unsafe & bit and not gskip[l] & ~drawn:
            moves[d, n_safe] = l
            mub[d, n_safe] = NO_BOUND
            cbox[d, n_safe] = uint64(0)
            n_safe += 1
    if not any2 or (safe_only and n_safe > 0):
        return 2, n_safe, 0, n_safe
    count = n_safe
    visited = uint64(0)
    simple = True
    ncomp = 0
    # candidates by (length, line), sorted below; isolated ones deduplicated by (kind, length)
    # (scratch: the second half of the component rows, no allocation per node)
    c0 = nb + 1
    ncand = 0
    rem = m2
    while rem:
        b = low_index(rem)
        rem &= rem - uint64(1)
        if (visited >> uint64(b)) & uint64(1):
            continue
        visited |= uint64(1) << uint64(b)
        n = 1
        term = 0
        loop = False
        mid = -1
        rep = -1
        e0 = -2  # the chain's two ends: a junction box, or -1 for the ground
        e1 = -2
        cm = uint64(1) << uint64(b)
        for i in range(4):
            l0 = nbl[b, i]
            if (drawn >> uint64(l0)) & uint64(1):
                continue
            rep = l0
            prev = l0
            cur = nbo[b, i]
            while True:
                if cur < 0:
                    term += 1
                    if e0 == -2:
                        e0 = -1
                    else:
                        e1 = -1
                    break
                if cur == b:
                    loop = True
                    break
                if deg[cur] != 2:
                    if e0 == -2:
                        e0 = cur
                    else:
                        e1 = cur
                    break
                if n == 1:
                    mid = prev
                visited |= uint64(1) << uint64(cur)
                cm |= uint64(1) << uint64(cur)
                n += 1
                l2, o2 = other_line(cur, prev, drawn, nbl, nbo)
                prev = l2
                cur = o2
            if loop:
                break
        if n == 2 and not loop:
            rep = mid
        g = gid[rep]
        if g >= 0:
            rep = first_undrawn(glines, g, drawn)
        if loop or term == 2:
            kind = 1 if loop else 0
            dup = False
            for j in range(ncomp):
                if ckind[d, j] == kind and clen[d, j] == n:
                    dup = True
                    break
            ckind[d, ncomp] = kind
            clen[d, ncomp] = n
            ncomp += 1
            if dup:
                continue
        else:
            simple = False
            if flags & TWINS:
                # a chain between junctions (or a junction and the ground): one of equal twins is tried
                # (kind 2 + the ends' code: never one of the isolated kinds 0 and 1)
                kind = 2 + (min(e0, e1) + 1) * (nb + 1) + max(e0, e1) + 1
                dup = False
                for j in range(ncomp):
                    if ckind[d, j] == kind and clen[d, j] == n:
                        dup = True
                        break
                if dup:
                    continue
                ckind[d, ncomp] = kind
                clen[d, ncomp] = n
                ncomp += 1
        # sort key: length, then chain before loop
        clen[d, c0 + ncand] = 2 * n + (1 if loop else 0)
        ckind[d, c0 + ncand] = rep
        cbox[d, nl + 1 + ncand] = (cm | LOOP_BIT) if loop else (cm if n >= 3 else uint64(0))
        ncand += 1
    # insertion sort by (length, line)
    for i in range(1, ncand):
        kl = clen[d, c0 + i]
        kx = ckind[d, c0 + i]
        kb = cbox[d, nl + 1 + i]
        j = i - 1
        while j >= 0 and (clen[d, c0 + j] > kl or (clen[d, c0 + j] == kl and ckind[d, c0 + j] > kx)):
            clen[d, c0 + j + 1] = clen[d, c0 + j]
            ckind[d, c0 + j + 1] = ckind[d, c0 + j]
            cbox[d, nl + 2 + j] = cbox[d, nl + 1 + j]
            j -= 1
        clen[d, c0 + j + 1] = kl
        ckind[d, c0 + j + 1] = kx
        cbox[d, nl + 2 + j] = kb
    for i in range(ncand):
        moves[d, count] = ckind[d, c0 + i]
        cbox[d, count] = cbox[d, nl + 1 + i]
        n = clen[d, c0 + i] >> 1
        if clen[d, c0 + i] & 1:
            mub[d, count] = -(n - 4)
        elif n >= 3:
            mub[d, count] = -(n - 2)
        else:
            mub[d, count] = NO_BOUND
        count += 1
    if n_safe == 0 and simple:
        # (simple: every entry of ckind/clen[0:ncomp] is an isolated chain or loop)
        return 3, count, loony_value(ckind[d], clen[d], ncomp, work), 0
    return 2, count, 0, n_safe


@njit(cache=True, inline="always")
def tt_bucket(key, tmask, flags):
    """The table slot of ``key`` (two-tier: the first of its two slots).  ``flags & HASH_MIX``: the product's high
    half is folded into the bits the slot is read from, so every line of the key moves the slot (without it, lines
    42 and up — 7 of 5×4's 49 — never did: positions differing only there always shared a bucket)."""
    h = key * uint64(0x9E3779B97F4A7C15)
    if flags & HASH_MIX:
        h ^= h >> uint64(32)
    slot = int64(h >> uint64(20)) & tmask
    if flags & FOUR_WAY:
        slot &= ~int64(3)
    elif flags & TWO_TIER:
        slot &= ~int64(1)
    return slot


@njit(cache=True, inline="always")
def tt_find(tt, bucket, key1, flags):
    """The slot holding ``key1`` (key + 1) in its bucket, or -1.  ``tt[slot]``: (key + 1, packed entry), so a
    bucket of two slots is 32 bytes, one cache line."""
    if tt[bucket, 0] == key1:
        return bucket
    if flags & FOUR_WAY:
        for j in range(1, 4):
            if tt[bucket + j, 0] == key1:
                return bucket + j
        return -1
    if flags & TWO_TIER and tt[bucket + 1, 0] == key1:
        return bucket + 1
    return -1


@njit(cache=True, inline="always")
def tt_lo(tt, slot):
    return int64((tt[slot, 1] & uint64(255)) ^ uint64(128)) - 128


@njit(cache=True, inline="always")
def tt_hi(tt, slot):
    return int64(((tt[slot, 1] >> uint64(8)) & uint64(255)) ^ uint64(128)) - 128


@njit(cache=True, inline="always")
def tt_best(tt, slot):
    """The entry's best line + 1 (0: none)."""
    return int64((tt[slot, 1] >> uint64(16)) & uint64(255))


@njit(cache=True, inline="always")
def tt_work(tt, slot):
    return int64((tt[slot, 1] >> uint64(24)) & uint64(255))


@njit(cache=True, inline="always")
def tt_store(tt, bucket, key1, lo, hi, best, work, flags):
    """Store an entry.  One tier: always replace.  Two tiers: the entry of more work keeps the first slot,
    the second slot is always replaced (an entry displaced from the first moves to the second)."""
    s = bucket
    if flags & FOUR_WAY:
        # the slot holding the key, else the one whose entry took least work (an empty one first)
        w = 1000
        for j in range(4):
            t = bucket + j
            if tt[t, 0] == key1:
                s = t
                work = max(work, tt_work(tt, t))
                break
            wt = tt_work(tt, t) if tt[t, 0] != 0 else -1
            if wt < w:
                w = wt
                s = t
    elif flags & TWO_TIER:
        if tt[bucket, 0] == key1:
            work = max(work, tt_work(tt, bucket))
        elif tt[bucket + 1, 0] == key1:
            s = bucket + 1
            if work > tt_work(tt, bucket):
                # promote: swap with the first slot
                tt[s, 0] = tt[bucket, 0]
                tt[s, 1] = tt[bucket, 1]
                s = bucket
        elif work >= tt_work(tt, bucket):
            t = bucket + 1
            tt[t, 0] = tt[bucket, 0]
            tt[t, 1] = tt[bucket, 1]
        else:
            s = bucket + 1
    tt[s, 0] = key1
    tt[s, 1] = (
        uint64(lo & 255)
        | (uint64(hi & 255) << uint64(8))
        | (uint64(best & 255) << uint64(16))
        | (uint64(work & 255) << uint64(24))
    )


@njit(cache=True, inline="always")
def box_mask(b, nbl):
    m = uint64(0)
    for i in range(4):
        m |= uint64(1) << uint64(nbl[b, i])
    return m


@njit(cache=True, inline="always")
def item_hash(z):
    """A 64-bit mix of an item's code (splitmix64's finaliser); a contracted key is a sum of items."""
    z = z * uint64(0x9E3779B97F4A7C15) + uint64(0x632BE59BD9B4E019)
    z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
    return z ^ (z >> uint64(31))


@njit(cache=True, inline="always")
def port_item(x, e, n):
    """The item of a junction ``x``'s line: ``n`` chain boxes, then ``e`` (a junction; -1: the ground)."""
    if n == 0:
        if e < 0:
            return item_hash(uint64(1 + 8 * x))
        return item_hash(uint64(2 + 8 * min(x, e) + 512 * max(x, e)))
    return item_hash(uint64(3 + 8 * n + 512 * (min(x, e) + 1) + 65536 * (max(x, e) + 1)))


@njit(cache=True, inline="always")
def free_item(e0, e1, n):
    """A chain of ``n`` boxes between ``e0`` and ``e1`` (-1: the ground), as many times as the key counts it:
    once per junction end, once if both ends are the ground."""
    h = port_item(e0, e1, n) if e0 >= 0 else port_item(e1, e0, n)
    c = (1 if e0 >= 0 else 0) + (1 if e1 >= 0 else 0)
    return h * uint64(max(c, 1))


@njit(cache=True, inline="always")
def loop_item(n):
    """An isolated loop of ``n`` boxes."""
    return item_hash(uint64(4 + 8 * n))


@njit(cache=True, _nrt=False)
def contracted_key(drawn, deg, nb, nbl, nbo, cport, chs):
    """The key of the strings-and-coins graph of ``drawn`` (no box on offer) with its chains contracted, and each
    junction's lines in ``cport`` (row 0: the far end, -1 the ground, -3 a drawn line; row 1: the chain boxes
    on the way; ``chs`` row 0: its item).

    Junction boxes (3 or 4 undrawn lines) keep their names, chains do not: two positions whose graphs differ
    only in where their chains run (and how long chains between the same ends are arranged) have one key, and
    one value.  The key sums one 64-bit item per junction line (a line to the ground, to a junction, or a chain
    to either, which two junction ends both count) and one per isolated chain or loop."""
    h = uint64(0)
    covered = uint64(0)
    for x in range(nb):
        if deg[x] < 3:
            continue
        for i in range(4):
            l = nbl[x, i]
            if (drawn >> uint64(l)) & uint64(1):
                cport[0, 4 * x + i] = -3
                continue
            n = 0
            prev = l
            cur = nbo[x, i]
            while cur >= 0 and deg[cur] == 2:
                covered |= uint64(1) << uint64(cur)
                n += 1
                l2, o2 = other_line(cur, prev, drawn, nbl, nbo)
                prev = l2
                cur = o2
            cport[0, 4 * x + i] = cur
            cport[1, 4 * x + i] = n
            ph = port_item(x, cur, n)
            chs[0, 4 * x + i] = ph
            h += ph
    for x in range(nb):
        if deg[x] != 2 or (covered >> uint64(x)) & uint64(1):
            continue
        # an isolated chain (both ends the ground) or loop
        covered |= uint64(1) << uint64(x)
        n = 1
        loop = False
        for i in range(4):
            l0 = nbl[x, i]
            if (drawn >> uint64(l0)) & uint64(1):
                continue
            prev = l0
            cur = nbo[x, i]
            while cur >= 0 and cur != x:
                covered |= uint64(1) << uint64(cur)
                n += 1
                l2, o2 = other_line(cur, prev, drawn, nbl, nbo)
                prev = l2
                cur = o2
            if cur == x:
                loop = True
                break
        h += loop_item(n) if loop else free_item(-1, -1, n)
    return h


@njit(cache=True, _nrt=False)
def key_delta(j0, r0, j1, r1, deg, cport, chs):
    """How the contracted key changes when junction ``j0`` loses the lines of port mask ``r0`` and ``j1`` (-1:
    none) those of ``r1``, and nothing else changes but what hangs on them (a line drawn between them, or a chain
    taken between them).  A junction left with two lines becomes a chain box, joining its two chains into one.
    Returns (delta, ok); not ok where a junction would be left with one line (a box on offer).
    ``cport`` rows 2-4 and ``chs`` row 1 are scratch: the half-edges (owner, end, boxes, item) of the two
    junctions."""
    # the usual case first: no junction's joined chain ends at the other one (then each junction on its own)
    delta = uint64(0)
    simple = True
    for t in range(2):
        j = j0 if t == 0 else j1
        r = r0 if t == 0 else r1
        if j < 0:
            continue
        o = j1 if t == 0 else j0
        nd = 0
        q1 = -1
        q2 = -1
        for i in range(4):
            e = cport[0, 4 * j + i]
            if e == -3:
                continue
            if (r >> i) & 1:
                ph = chs[0, 4 * j + i]
                delta -= ph + ph if e >= 0 and e != j0 and e != j1 else ph
            else:
                nd += 1
                if q1 < 0:
                    q1 = 4 * j + i
                else:
                    q2 = 4 * j + i
        if nd == 1:
            return uint64(0), False
        if nd == 2:
            e1 = cport[0, q1]
            e2 = cport[0, q2]
            if e1 == j:
                delta += loop_item(cport[1, q1] + 1) - chs[0, q1] - chs[0, q2]
            elif o >= 0 and (e1 == o or e2 == o):
                simple = False
                break
            else:
                h1 = chs[0, q1]
                h2 = chs[0, q2]
                delta += (
                    free_item(e1, e2, cport[1, q1] + cport[1, q2] + 1)
                    - (h1 + h1 if e1 >= 0 else h1)
                    - (h2 + h2 if e2 >= 0 else h2)
                )
    if simple:
        return delta, True
    old = uint64(0)
    nh = 0
    for t in range(2):
        j = j0 if t == 0 else j1
        r = r0 if t == 0 else r1
        if j < 0:
            continue
        nd = 0
        for i in range(4):
            e = cport[0, 4 * j + i]
            if e == -3:
                continue
            ph = chs[0, 4 * j + i]
            if e >= 0 and e != j0 and e != j1:
                ph = ph + ph
            old += ph
            if not (r >> i) & 1:
                cport[2, nh] = j
                cport[3, nh] = e
                cport[4, nh] = cport[1, 4 * j + i]
                chs[1, nh] = ph
                nh += 1
                nd += 1
        if nd == 1:
            return uint64(0), False
        cport[4, 8 + t] = nd
    new = uint64(0)
    for t in range(2):
        j = j0 if t == 0 else j1
        if j < 0 or cport[4, 8 + t] != 2:
            continue
        # j becomes a chain box: its two half-edges join
        p = -1
        q = -1
        for k in range(nh):
            if cport[2, k] == j:
                if p < 0:
                    p = k
                else:
                    q = k
        e1 = cport[3, p]
        n1 = cport[4, p]
        e2 = cport[3, q]
        n2 = cport[4, q]
        cport[2, p] = -2
        cport[2, q] = -2
        ln = n1 + n2 + 1
        if e1 == j:
            new += loop_item(n1 + 1)
            continue
        o = j1 if t == 0 else j0
        if o >= 0 and (e1 == o or e2 == o):
            # the joined chain ends at the other junction: its half-edges towards j now run on
            u1 = -1
            u2 = -1
            for k in range(nh):
                if cport[2, k] == o and cport[3, k] == j:
                    if u1 < 0:
                        u1 = k
                    else:
                        u2 = k
            if e1 == o and e2 == o:
                cport[3, u1] = o
                cport[4, u1] = ln
                chs[1, u1] = port_item(o, o, ln)
                cport[3, u2] = o
                cport[4, u2] = ln
                chs[1, u2] = chs[1, u1]
            else:
                f = e2 if e1 == o else e1
                cport[3, u1] = f
                cport[4, u1] = ln
                ph = port_item(o, f, ln)
                if f >= 0 and f != j0 and f != j1:
                    ph = ph + ph
                chs[1, u1] = ph
            continue
        new += free_item(e1, e2, ln)
    for k in range(nh):
        if cport[2, k] >= 0:
            new += chs[1, k]
    return new - old, True


@njit(cache=True, inline="always")
def port_of(x, line, nbl):
    """Which of box ``x``'s four lines ``line`` is."""
    for i in range(4):
        if nbl[x, i] == line:
            return i
    return -1


@njit(cache=True, _nrt=False)
def chain_key_delta(cm, loop, dr, deg, nbl, nbo, cport, chs):
    """The contracted key's change when the boxes ``cm`` of a chain (``loop``: an isolated loop) are taken."""
    j0 = -1
    j1 = -1
    r0 = 0
    r1 = 0
    n = 0
    rem = cm
    while rem:
        c = low_index(rem)
        rem &= rem - uint64(1)
        n += 1
        for i in range(4):
            l = nbl[c, i]
            if (dr >> uint64(l)) & uint64(1):
                continue
            o = nbo[c, i]
            if o < 0 or (cm >> uint64(o)) & uint64(1):
                continue
            pi = port_of(o, l, nbl)
            if j0 < 0 or j0 == o:
                j0 = o
                r0 |= 1 << pi
            else:
                j1 = o
                r1 |= 1 << pi
    if loop:
        return uint64(0) - loop_item(n), True
    if j0 < 0:
        return uint64(0) - free_item(-1, -1, n), True
    return key_delta(j0, r0, j1, r1, deg, cport, chs)


@njit(cache=True, inline="always")
def line_key_delta(l, taken, dr, deg, lb, nbl, nbo, cport, chs):
    """The contracted key's change when line ``l`` is drawn: a safe line (``taken`` 0) between two junctions (or a
    junction and the ground), or a short chain's line whose ``taken`` boxes (those of l with two undrawn lines)
    the opponent then takes.  (delta, ok) as :func:`key_delta`."""
    if taken > 0:
        cm = uint64(0)
        for t in range(2):
            x = lb[l, t]
            if x >= 0 and deg[x] == 2:
                cm |= uint64(1) << uint64(x)
        return chain_key_delta(cm, False, dr, deg, nbl, nbo, cport, chs)
    j0 = lb[l, 0]
    j1 = lb[l, 1]
    if j0 < 0:
        j0 = j1
        j1 = -1
    r1 = 1 << port_of(j1, l, nbl) if j1 >= 0 else 0
    return key_delta(j0, 1 << port_of(j0, l, nbl), j1, r1, deg, cport, chs)


@njit(cache=True, inline="always")
def after_sacrifice(line, dr, deg, lb, nbl, nbo):
    """Where ``line`` (a candidate without a loony bound) opens a chain of one or two boxes whose boxes the
    opponent then takes at once (each box's last line hands nothing on: the ground or a junction, so taking is
    best): ``(k, position)`` — the k boxes taken and the drawn lines after the takes, the opponent to move.
    ``(-1, 0)`` for a 2-chain whose two ends are the same junction (the first take can make that junction a
    chain box, so the second is not forced); ``(0, 0)`` for a safe line (no box with two undrawn lines)."""
    a = lb[line, 0]
    b = lb[line, 1]
    da = a >= 0 and deg[a] == 2
    db = b >= 0 and deg[b] == 2
    if da and db:
        la, oa = other_line(a, line, dr, nbl, nbo)
        lb_, ob = other_line(b, line, dr, nbl, nbo)
        if oa >= 0 and oa == ob:
            return -1, uint64(0)
        return 2, dr | box_mask(a, nbl) | box_mask(b, nbl)
    if da:
        return 1, dr | box_mask(a, nbl)
    if db:
        return 1, dr | box_mask(b, nbl)
    return 0, uint64(0)


@njit(cache=True, inline="always")
def to_front(moves, mub, cbox, d, count, line):
    """Move ``line`` (if in row ``d``'s list) to the front, its bound and chain with it."""
    for i in range(count):
        if moves[d, i] == line:
            ub = mub[d, i]
            cb = cbox[d, i]
            for j in range(i, 0, -1):
                moves[d, j] = moves[d, j - 1]
                mub[d, j] = mub[d, j - 1]
                cbox[d, j] = cbox[d, j - 1]
            moves[d, 0] = line
            mub[d, 0] = ub
            cbox[d, 0] = cb
            return


@njit(cache=True, inline="always")
def play(line, deg, lb, bms):
    """Draw ``line``: the degrees and the masks of boxes with one (``bms[0]``) / two (``bms[1]``) undrawn
    lines; returns the boxes completed."""
    k = 0
    for i in range(2):
        b = lb[line, i]
        if b >= 0:
            bit = uint64(1) << uint64(b)
            deg[b] -= 1
            n = deg[b]
            if n == 0:
                k += 1
                bms[0] &= ~bit
            elif n == 1:
                bms[1] &= ~bit
                bms[0] |= bit
            elif n == 2:
                bms[1] |= bit
    return k


@njit(cache=True, inline="always")
def undo(line, deg, lb, bms):
    for i in range(2):
        b = lb[line, i]
        if b >= 0:
            bit = uint64(1) << uint64(b)
            n = deg[b]
            deg[b] += 1
            if n == 0:
                bms[0] |= bit
            elif n == 1:
                bms[0] &= ~bit
                bms[1] |= bit
            elif n == 2:
                bms[1] &= ~bit


@njit(cache=True, _nrt=False)
def search(
    drawn,
    remaining,
    alpha,
    beta,
    deg,
    g_nb,
    nbl,
    nbo,
    lb,
    order,
    nl,
    symtab,
    syms,
    nsym,
    perm,
    inv,
    tt,
    tmask,
    moves,
    ckind,
    clen,
    frames,
    fdrawn,
    hist,
    use_history,
    etc_lines,
    safe_only,
    work,
    stats,
    mub,
    flags,
    killer,
    gmask,
    gfirst,
    glines,
    gid,
    gskip,
    ng,
    gsym,
    bms,
    simg,
    etck,
    cbox,
    cport,
    chs,
    deadline,
    node_limit,
):
    """Negamax alpha-beta (fail-soft) for the player to move in ``drawn``, within (alpha, beta).

    Written with an explicit stack (``frames``: one row of int64 per depth, ``fdrawn`` the drawn
    words and table keys per depth), not recursion: numba's cache cannot reload recursive functions.
    On timeout or node limit ``stats[1]`` is set and 0 returned (nothing half-searched is stored).
    A frame's kind is the move generator's (0 take at once, 1 take or decline, 2 ordinary), or 4: a chain's end
    whose two replies reach one position (``flags & CHAIN_END``), searched once for both.
    """
    # frame columns
    ALPHA, BETA, REM, KIND, COUNT, I, BEST, BLINE, A0, B0, LO, HI, SLOT, SYM, LINE, K, NODES0 = range(17)
    d = 0
    fkey = fdrawn[1]
    fdr = fdrawn[0]
    fdr[0] = drawn
    frames[0, ALPHA] = alpha
    frames[0, BETA] = beta
    frames[0, REM] = remaining
    ret = 0
    entering = True
    while True:
        if entering:
            entering = False
            dr = fdr[d]
            R = frames[d, REM]
            al = frames[d, ALPHA]
            be = frames[d, BETA]
            done = False
            if R == 0:
                ret = 0
                done = True
            else:
                stats[0] += 1
                if stats[0] & 65535 == 0:
                    if stats[0] > node_limit:
                        stats[1] = 2
                    elif deadline > 0:
                        with objmode(now="float64"):
                            now = time.perf_counter()
                        if now > deadline:
                            stats[1] = 1
                if stats[1]:
                    return 0
                # no box on offer: the table first (most such nodes end here, before any move is generated)
                any1 = bms[0] != 0
                bm = -1
                if not any1:
                    if al >= R:
                        ret = R
                        done = True
                    elif be <= -R:
                        ret = -R
                        done = True
                    else:
                        if flags & CONTRACT:
                            key = contracted_key(dr, deg, g_nb, nbl, nbo, cport, chs)
                            sym = 0
                        else:
                            key, sym = canonical(dr, symtab, syms, nsym, gmask, gfirst, ng, gsym)
                        slot = tt_bucket(key, tmask, flags)
                        lo = -R
                        hi = R
                        found = tt_find(tt, slot, key + uint64(1), flags)
                        if found >= 0:
                            lo = tt_lo(tt, found)
                            hi = tt_hi(tt, found)
                            bm = tt_best(tt, found) - 1
                        if lo >= be:
                            ret = lo
                            done = True
                        elif hi <= al:
                            ret = hi
                            done = True
            if not done:
                kind, count, lv, n_safe = gen_moves(
                    dr,
                    deg,
                    g_nb,
                    nbl,
                    nbo,
                    order,
                    nl,
                    moves,
                    ckind,
                    clen,
                    d,
                    safe_only,
                    work,
                    mub,
                    gskip,
                    gid,
                    glines,
                    flags,
                    bms[0],
                    bms[1],
                    cbox,
                )
                if n_safe > 1 and use_history:
                    # history heuristic: safe lines that cut off often elsewhere first (stable insertion sort)
                    for i in range(1, n_safe):
                        x = moves[d, i]
                        hx = hist[x]
                        j = i - 1
                        while j >= 0 and hist[moves[d, j]] < hx:
                            moves[d, j + 1] = moves[d, j]
                            j -= 1
                        moves[d, j + 1] = x
                if kind == 2 and flags & KILLERS:
                    # the last two lines that cut off at this depth next (after the table's best line)
                    if killer[d, 1] >= 0:
                        to_front(moves, mub, cbox, d, count, killer[d, 1])
                    if killer[d, 0] >= 0:
                        to_front(moves, mub, cbox, d, count, killer[d, 0])
                frames[d, KIND] = kind
                frames[d, COUNT] = count
                frames[d, I] = 0
                frames[d, BEST] = -10000
                frames[d, BLINE] = -1
                if kind == 1 and count == 2 and flags & CHAIN_END:
                    # the end of a chain: take its last two boxes and move on, or leave them (the take, then
                    # the decline); both reach one position, so one search of it with a window that answers
                    # both, instead of one search each
                    l = moves[d, 0]
                    m = moves[d, 1]
                    o = -1
                    ob = -1
                    if lb[l, 0] >= 0 and deg[lb[l, 0]] == 2:
                        o = lb[l, 0]
                        ob = lb[l, 1]
                    elif lb[l, 1] >= 0 and deg[lb[l, 1]] == 2:
                        o = lb[l, 1]
                        ob = lb[l, 0]
                    if o >= 0 and ob >= 0 and deg[ob] == 1 and (lb[m, 0] == o or lb[m, 1] == o):
                        o2 = lb[m, 1] if lb[m, 0] == o else lb[m, 0]
                        if o2 < 0 or deg[o2] >= 3:
                            if be <= 0:
                                # |2 + v| >= 0: at least 0, or 1 by the parity of the boxes left
                                ret = R & 1
                                done = True
                            else:
                                frames[d, KIND] = 4
                                frames[d, LINE] = l
                                frames[d, BLINE] = m
                if kind >= 2:
                    if kind == 3:
                        # the loony endgame: its value follows from the chain and loop lengths (not stored)
                        ret = lv
                        done = True
                    else:
                        if bm >= 0:
                            bl0 = inv[sym, bm]
                            g = gid[bl0]
                            if g >= 0:
                                # a border line of a corner: the table's key only knows how many of the
                                # box's border lines are drawn, so the box's line in the move list stands for it
                                x = first_undrawn(glines, g, dr)
                                if x >= 0:
                                    bl0 = x
                            to_front(moves, mub, cbox, d, count, bl0)
                        a0 = max(al, lo)
                        b0 = min(be, hi)
                        if a0 < b0 and etc_lines > 0 and nl - popcount(dr) >= etc_lines:
                            # enhanced transposition cutoff: a child the table already knows to be
                            # good enough ends the search here
                            sym_images(dr, symtab, syms, nsym, simg)
                            # first every child's key, its bucket prefetched (``flags & PREFETCH``), then the probes:
                            # the buckets load from memory side by side instead of one after another
                            for i in range(count):
                                etck[1, i] = NOT_PROBED
                                delta = uint64(0)
                                ok = True
                                if mub[d, i] != NO_BOUND:
                                    # a long chain or a loop: the loony bound, and (``flags & ETC_LONG``) the
                                    # table's bounds on the position with all of it drawn (``taken``: 100 + boxes
                                    # for a chain, 200 + boxes for a loop)
                                    cb = cbox[d, i]
                                    if not flags & ETC_LONG or cb == 0:
                                        continue
                                    taken = 200 if cb & LOOP_BIT else 100
                                    if flags & CONTRACT:
                                        delta, ok = chain_key_delta(
                                            cb & ~LOOP_BIT, taken == 200, dr, deg, nbl, nbo, cport, chs
                                        )
                                    cb &= ~LOOP_BIT
                                    taken += popcount(cb)
                                    child = dr
                                    while cb:
                                        child |= box_mask(low_index(cb), nbl)
                                        cb &= cb - uint64(1)
                                else:
                                    child = dr | (uint64(1) << uint64(moves[d, i]))
                                    # opening a short chain: the table knows the position after the forced takes
                                    taken, after = after_sacrifice(moves[d, i], dr, deg, lb, nbl, nbo)
                                    if taken > 0 and flags & ETC_SACRIFICE:
                                        child = after
                                    elif taken != 0:
                                        continue  # a sacrifice (its child has a box on offer)
                                    if flags & CONTRACT:
                                        delta, ok = line_key_delta(
                                            moves[d, i], taken, dr, deg, lb, nbl, nbo, cport, chs
                                        )
                                if flags & CONTRACT:
                                    if not ok:
                                        continue  # a box on offer: never in the table
                                    ck = key + delta
                                else:
                                    ck, cs = canonical_child(
                                        child, child & ~dr, simg, perm, syms, nsym, gmask, gfirst, ng, gsym
                                    )
                                cb = tt_bucket(ck, tmask, flags)
                                etck[0, i] = ck
                                etck[1, i] = uint64(taken)
                                etck[2, i] = uint64(cb)
                                if flags & PREFETCH:
                                    prefetch_row(tt, cb)
                            for i in range(count):
                                if etck[1, i] == NOT_PROBED:
                                    continue
                                taken = int64(etck[1, i])
                                ck = etck[0, i]
                                cslot = tt_find(tt, int64(etck[2, i]), ck + uint64(1), flags)
                                if cslot >= 0 and taken >= 100:
                                    # the opponent takes all n and moves in the rest (-n - v for us) or all but
                                    # two (a loop: four) and makes us move there (4 - n + v; 8 - n + v)
                                    n = taken % 100
                                    c2 = 8 if taken >= 200 else 4
                                    lo_r = tt_lo(tt, cslot)
                                    hi_r = tt_hi(tt, cslot)
                                    low = min(-n - hi_r, c2 - n + lo_r)
                                    if low >= b0:
                                        a0 = low
                                        tt_store(
                                            tt,
                                            slot,
                                            key + uint64(1),
                                            max(lo, a0),
                                            hi,
                                            perm[sym, moves[d, i]] + 1,
                                            1,
                                            flags,
                                        )
                                        break
                                    mub[d, i] = min(mub[d, i], min(-n - lo_r, c2 - n + hi_r))
                                elif cslot >= 0:
                                    if -(taken + tt_hi(tt, cslot)) >= b0:
                                        a0 = -(taken + tt_hi(tt, cslot))
                                        tt_store(
                                            tt,
                                            slot,
                                            key + uint64(1),
                                            max(lo, a0),
                                            hi,
                                            perm[sym, moves[d, i]] + 1,
                                            1,
                                            flags,
                                        )
                                        break
                                    if flags & ETC_BOUND:
                                        # the child's lower bound is an upper bound on this line: where it
                                        # cannot beat alpha it stands for the line (as the loony bound does)
                                        mub[d, i] = min(mub[d, i], -(taken + tt_lo(tt, cslot)))
                        if a0 >= b0:
                            ret = a0
                            done = True
                        else:
                            frames[d, ALPHA] = a0
                            frames[d, BETA] = b0
                            frames[d, A0] = a0
                            frames[d, B0] = b0
                            frames[d, LO] = lo
                            frames[d, HI] = hi
                            frames[d, SLOT] = slot
                            frames[d, SYM] = sym
                            frames[d, NODES0] = stats[0]
                            fkey[d] = key
        else:
            done = False
        if not done:
            # try the next move of frame d, or finish it
            i = frames[d, I]
            if frames[d, KIND] == 4:
                # the chain's end: draw both lines, search the position after them once
                l = frames[d, LINE]
                m = frames[d, BLINE]
                play(l, deg, lb, bms)
                play(m, deg, lb, bms)
                be = frames[d, BETA]
                fdr[d + 1] = fdr[d] | (uint64(1) << uint64(l)) | (uint64(1) << uint64(m))
                frames[d + 1, REM] = frames[d, REM] - 2
                frames[d + 1, ALPHA] = -be - 2
                frames[d + 1, BETA] = be - 2
                d += 1
                entering = True
                continue
            if frames[d, KIND] == 2 and flags & LOONY_BOUND:
                # lines whose bound cannot beat alpha: the bound stands for their value (fail-soft); a
                # value has the parity of the boxes left, so an odd bound rounds down
                # (locals, not frame loads and stores per line: the arrays may alias, so numba reloads them)
                cnt = frames[d, COUNT]
                rpar = frames[d, REM]
                alv = frames[d, ALPHA]
                bst = frames[d, BEST]
                bln = frames[d, BLINE]
                while i < cnt:
                    ub = mub[d, i]
                    if ub < NO_BOUND and (ub - rpar) & 1:
                        ub -= 1
                    if ub > alv:
                        break
                    if ub > bst:
                        bst = ub
                        bln = moves[d, i]
                    i += 1
                frames[d, BEST] = bst
                frames[d, BLINE] = bln
                frames[d, I] = i
            if i < frames[d, COUNT] and frames[d, ALPHA] < frames[d, BETA]:
                l = moves[d, i]
                frames[d, I] = i + 1
                k = play(l, deg, lb, bms)
                frames[d, LINE] = l
                frames[d, K] = k
                al = frames[d, ALPHA]
                be = frames[d, BETA]
                fdr[d + 1] = fdr[d] | (uint64(1) << uint64(l))
                frames[d + 1, REM] = frames[d, REM] - k
                if k:
                    frames[d + 1, ALPHA] = al - k
                    frames[d + 1, BETA] = be - k
                else:
                    frames[d + 1, ALPHA] = -be
                    frames[d + 1, BETA] = -al
                d += 1
                entering = True
                continue
            # every move tried (or a cutoff): finish the node
            best = frames[d, BEST]
            if frames[d, KIND] == 2:
                R = frames[d, REM]
                a0 = frames[d, A0]
                b0 = frames[d, B0]
                lo = frames[d, LO]
                hi = frames[d, HI]
                # the value has the parity of the boxes left, so bounds round inwards
                if best <= a0:
                    if (best - R) & 1:
                        best -= 1
                    hi = min(hi, best)
                elif best >= b0:
                    if (best - R) & 1:
                        best += 1
                    lo = max(lo, best)
                else:
                    lo = best
                    hi = best
                bl = frames[d, BLINE]
                # the work of the entry: the bit length of the nodes its search took
                n = stats[0] - frames[d, NODES0]
                effort = 0
                while n:
                    n >>= 1
                    effort += 1
                tt_store(
                    tt,
                    frames[d, SLOT],
                    fkey[d] + uint64(1),
                    lo,
                    hi,
                    perm[frames[d, SYM], bl] + 1 if bl >= 0 else 0,
                    effort,
                    flags,
                )
            ret = best
        # pop: hand ret to the parent's move loop
        while True:
            if d == 0:
                return ret
            d -= 1
            if frames[d, KIND] == 4:
                # v: the rest's value for whoever moves there; take (2 + v) or leave the two (-2 - v)
                undo(frames[d, BLINE], deg, lb, bms)
                undo(frames[d, LINE], deg, lb, bms)
                be = frames[d, BETA]
                if ret >= be - 2:
                    ret = 2 + ret
                elif ret <= -be - 2:
                    ret = -2 - ret
                else:
                    ret = max(2 + ret, -2 - ret)
                continue
            l = frames[d, LINE]
            k = frames[d, K]
            undo(l, deg, lb, bms)
            v = k + ret if k else -ret
            if frames[d, KIND] == 0:
                ret = v  # a forced take: its value is the node's
                continue
            if v > frames[d, BEST]:
                frames[d, BEST] = v
                frames[d, BLINE] = l
                if v > frames[d, ALPHA]:
                    frames[d, ALPHA] = v
                    if v >= frames[d, BETA] and frames[d, KIND] == 2:
                        hist[l] += frames[d, REM] * frames[d, REM]
                        if killer[d, 0] != l:
                            killer[d, 1] = killer[d, 0]
                            killer[d, 0] = l
            break
        entering = False
        done = False
        # loop back: try the next move of frame d (the cutoff test is in the move loop)


@njit(cache=True, _nrt=False)
def mtdf(
    drawn,
    remaining,
    deg,
    g_nb,
    nbl,
    nbo,
    lb,
    order,
    nl,
    symtab,
    syms,
    nsym,
    perm,
    inv,
    tt,
    tmask,
    moves,
    ckind,
    clen,
    frames,
    fdrawn,
    hist,
    use_history,
    etc_lines,
    safe_only,
    work,
    stats,
    mub,
    flags,
    killer,
    gmask,
    gfirst,
    glines,
    gid,
    gskip,
    ng,
    gsym,
    bms,
    simg,
    etck,
    cbox,
    cport,
    chs,
    deadline,
    node_limit,
    guess,
):
    """MTD(f): null-window searches from ``guess`` converging on the exact value."""
    lo = -remaining
    hi = remaining
    g = max(lo, min(hi, guess))
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = search(
            drawn,
            remaining,
            beta - 1,
            beta,
            deg,
            g_nb,
            nbl,
            nbo,
            lb,
            order,
            nl,
            symtab,
            syms,
            nsym,
            perm,
            inv,
            tt,
            tmask,
            moves,
            ckind,
            clen,
            frames,
            fdrawn,
            hist,
            use_history,
            etc_lines,
            safe_only,
            work,
            stats,
            mub,
            flags,
            killer,
            gmask,
            gfirst,
            glines,
            gid,
            gskip,
            ng,
            gsym,
            bms,
            simg,
            etck,
            cbox,
            cport,
            chs,
            deadline,
            node_limit,
        )
        if stats[1]:
            return 0
        if g < beta:
            hi = g
        else:
            lo = g
    return g
