//go:build amd64

package cpu

import (
	"sync"
)

// packedGemm is the GEMM algorithm of GotoBLAS and BLIS for one element
// type, around a register-blocked micro-kernel. For a block of kc inner
// indices at a time, B is packed into kc×nr panels that stay in L1 and A
// into kc×mr panels, mc rows of them at a time, that stay in L2; the
// micro-kernel then accumulates an mr×nr tile of C in registers from one
// panel of each, reading both sequentially.
type packedGemm[T Float] struct {
	mr, nr int // the micro-kernel's tile
	kc     int // inner indices per packed panel
	mc     int // rows of A packed at once
	nc     int // columns of B packed at once
	// kernel adds the product of an A panel (k×mr, row p holding
	// A[0:mr, p]) and a B panel (k×nr) to the first rows (1 to mr) rows
	// of the mr×nr tile of c at row stride ldc, or, without load, writes
	// it there without reading c.
	kernel func(k int, a, b, c []T, ldc, rows int, load bool)
	// transPanel, when set, packs a panel of a transposed B: dst (kb×nr)
	// from the w ≤ nr rows of b that start ldb apart, kb elements of each,
	// zero-padded past column w. It reports false when it cannot, and
	// packB does it in Go.
	transPanel func(dst, b []T, ldb, kb, w int) bool
	// rowPanels, when set, packs panels of A as stored, times alpha, from
	// the rows of a that start lda apart, of which h remain: into dst, one
	// or more panels (kb×mr each, zero-padded past row h). It returns how
	// many panels it packed; none means packA does it in Go.
	rowPanels func(dst, a []T, lda, kb, h int, alpha T) int
	// buffers recycles packing space ([]T of kc·(mc+nc) elements plus a
	// tile): large products need megabytes, and convolutions ask once per
	// image.
	buffers sync.Pool
}

// gemm computes C = alpha·op(A)·op(B) + beta·C as GEMM specifies, and
// then epi, when set, on each block of C as it completes it.
func (g *packedGemm[T]) gemm(transA, transB bool, m, n, k int, alpha T, a []T, lda int, b []T, ldb int, beta T, c []T, ldc int, epi *Epilogue[T]) {
	if degenerate(m, n, k, alpha, beta, c, ldc) {
		if epi != nil {
			epi.apply(c, ldc, m, n, 0)
		}
		return
	}
	// With beta 0 the first block of inner indices writes C rather than
	// adding to it, which spares clearing C and reading it back.
	fresh := beta == 0
	if !fresh {
		scaleRows(m, n, beta, c, ldc)
	}
	parts := min(Workers, m*n*k/gemmGrain)
	if parts <= 1 {
		g.serial(transA, transB, m, n, k, alpha, a, lda, b, ldb, c, ldc, fresh, epi)
		return
	}
	// Each part is an independent product on a band of C, which costs a
	// second packing of the shared operand: O(k·n) or O(m·k) next to the
	// O(m·n·k) of the band.
	if m >= n {
		step := roundUp((m+parts-1)/parts, g.mr)
		forParallel((m+step-1)/step, parts, func(first, last int) {
			for band := first; band < last; band++ {
				lo := band * step
				ao := lo * lda
				if transA {
					ao = lo
				}
				g.serial(transA, transB, min(step, m-lo), n, k, alpha, a[ao:], lda, b, ldb, c[lo*ldc:], ldc, fresh, epi)
			}
		})
		return
	}
	step := roundUp((n+parts-1)/parts, g.nr)
	forParallel((n+step-1)/step, parts, func(first, last int) {
		for band := first; band < last; band++ {
			lo := band * step
			bo := lo
			if transB {
				bo = lo * ldb
			}
			g.serial(transA, transB, m, min(step, n-lo), k, alpha, a, lda, b[bo:], ldb, c[lo:], ldc, fresh, epi.from(lo))
		}
	})
}

// serial adds alpha·op(A)·op(B) to C on the calling goroutine, or writes
// it there when fresh, leaving C's contents unread, and finishes each
// block of rows with epi, when set, once its last inner indices are in.
func (g *packedGemm[T]) serial(transA, transB bool, m, n, k int, alpha T, a []T, lda int, b []T, ldb int, c []T, ldc int, fresh bool, epi *Epilogue[T]) {
	mr, nr := g.mr, g.nr
	kc := min(g.kc, k)
	bsize := kc * roundUp(min(g.nc, n), nr)
	asize := kc * roundUp(min(g.mc, m), mr)
	buf := g.buffer(bsize + asize + mr*nr)
	defer g.buffers.Put(buf)
	bp, ap, tile := (*buf)[:bsize], (*buf)[bsize:bsize+asize], (*buf)[bsize+asize:]
	for jc := 0; jc < n; jc += g.nc {
		nb := min(g.nc, n-jc)
		for pc := 0; pc < k; pc += kc {
			kb := min(kc, k-pc)
			load := !fresh || pc > 0
			packB(nr, transB, kb, nb, b, ldb, pc, jc, bp, g.transPanel)
			for ic := 0; ic < m; ic += g.mc {
				mb := min(g.mc, m-ic)
				packA(mr, transA, mb, kb, alpha, a, lda, ic, pc, ap, g.rowPanels)
				for jr := 0; jr < nb; jr += nr {
					bpanel := bp[jr*kb:]
					for ir := 0; ir < mb; ir += mr {
						apanel := ap[ir*kb:]
						ci := (ic+ir)*ldc + jc + jr
						rows := min(mr, mb-ir)
						if jr+nr <= nb {
							g.kernel(kb, apanel, bpanel, c[ci:], ldc, rows, load)
							continue
						}
						// A tile past the last column is computed whole
						// into scratch (the panels are zero-padded) and its
						// valid part added or copied.
						g.kernel(kb, apanel, bpanel, tile, nr, mr, false)
						w := nb - jr
						for i := range rows {
							row := c[ci+i*ldc : ci+i*ldc+w]
							if !load {
								copy(row, tile[i*nr:i*nr+w])
								continue
							}
							for j, v := range tile[i*nr : i*nr+w] {
								row[j] += v
							}
						}
					}
				}
				if epi != nil && pc+kb == k {
					epi.apply(c[ic*ldc+jc:], ldc, mb, nb, jc)
				}
			}
		}
	}
}

// buffer returns a recycled slice of at least n elements.
func (g *packedGemm[T]) buffer(n int) *[]T {
	if p, ok := g.buffers.Get().(*[]T); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	s := make([]T, n)
	return &s
}

// packB copies op(B)[pc:pc+kb, jc:jc+nb] into dst as panels of nr columns,
// each kb×nr row-major, zero-padded past column nb.
func packB[T Float](nr int, trans bool, kb, nb int, b []T, ldb, pc, jc int, dst []T, transPanel func(dst, b []T, ldb, kb, w int) bool) {
	for j := 0; j < nb; j += nr {
		w := min(nr, nb-j)
		panel := dst[j*kb : j*kb+kb*nr]
		if trans && transPanel != nil && transPanel(panel, b[(jc+j)*ldb+pc:], ldb, kb, w) {
			continue
		}
		if trans {
			// Column jj of the panel is a row of B as stored: read it
			// contiguously and scatter into the panel, which is in L1.
			for jj := range w {
				for p, v := range b[(jc+j+jj)*ldb+pc:][:kb] {
					panel[p*nr+jj] = v
				}
			}
			if w < nr {
				for p := range kb {
					clear(panel[p*nr+w : p*nr+nr])
				}
			}
			continue
		}
		if w == nr {
			// Whole panel rows: one strided copy, not a memmove a row.
			copyRows(panel, b[pc*ldb+jc+j:], kb, nr, ldb)
			continue
		}
		for p := range kb {
			row := panel[p*nr : p*nr+nr]
			copy(row, b[(pc+p)*ldb+jc+j:][:w])
			clear(row[w:])
		}
	}
}

// packA copies alpha·op(A)[ic:ic+mb, pc:pc+kb] into dst as panels of mr
// rows, each kb×mr with row p holding column p of the panel, zero-padded
// past row mb. Scaling here costs O(m·k) instead of O(m·n) on C.
func packA[T Float](mr int, trans bool, mb, kb int, alpha T, a []T, lda, ic, pc int, dst []T, rowPanels func(dst, a []T, lda, kb, h int, alpha T) int) {
	for i := 0; i < mb; i += mr {
		h := min(mr, mb-i)
		panel := dst[i*kb : i*kb+kb*mr]
		if !trans && rowPanels != nil {
			if n := rowPanels(dst[i*kb:], a[(ic+i)*lda+pc:], lda, kb, mb-i, alpha); n > 0 {
				i += (n - 1) * mr
				continue
			}
		}
		if trans && h == mr {
			// Each row of the panel is mr contiguous elements of A as
			// stored: one strided copy, then the scaling in L1.
			copyRows(panel, a[pc*lda+ic+i:], kb, mr, lda)
			scale(panel, alpha)
			continue
		}
		if trans {
			for p := range kb {
				src := a[(pc+p)*lda+ic+i:][:h]
				col := panel[p*mr : p*mr+mr]
				for ii, v := range src {
					col[ii] = alpha * v
				}
				clear(col[h:])
			}
			continue
		}
		for ii := range mr {
			if ii >= h {
				for p := range kb {
					panel[p*mr+ii] = 0
				}
				continue
			}
			src := a[(ic+i+ii)*lda+pc:][:kb]
			for p, v := range src {
				panel[p*mr+ii] = alpha * v
			}
		}
	}
}

// scale multiplies x by alpha in place.
func scale[T Float](x []T, alpha T) {
	if alpha == 1 {
		return
	}
	if x32, ok := any(x).([]float32); ok && binarySIMD32(Mul, x32, x32, []float32{float32(alpha)}, 1, 0) {
		return
	}
	for i := range x {
		x[i] *= alpha
	}
}

// from is e for the columns of a product from col on, or nil when e is.
func (e *Epilogue[T]) from(col int) *Epilogue[T] {
	if e == nil || e.Bias == nil {
		return e
	}
	return &Epilogue[T]{Bias: e.Bias[col:], ReLU: e.ReLU}
}
