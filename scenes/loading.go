package scenes

import (
	"fmt"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// loadingScene runs Config.Load on a goroutine and shows its progress.
type loadingScene struct {
	load        func(progress func(done, total int)) (*systems.World, Assets, error)
	done, total atomic.Int64
	result      chan loadResult
	ticks       int
}

type loadResult struct {
	world  *systems.World
	assets Assets
	err    error
}

func newLoadingScene(load func(progress func(done, total int)) (*systems.World, Assets, error)) *loadingScene {
	s := &loadingScene{load: load, result: make(chan loadResult, 1)}
	go func() {
		defer func() {
			if p := recover(); p != nil {
				s.result <- loadResult{err: fmt.Errorf("scenes: loading panicked: %v", p)}
			}
		}()
		w, a, err := load(func(done, total int) {
			s.total.Store(int64(total))
			s.done.Store(int64(done))
		})
		if err == nil && (w == nil || a == nil) {
			err = fmt.Errorf("scenes: Load returned no world or no assets")
		}
		s.result <- loadResult{w, a, err}
	}()
	return s
}

// Update switches to the world or error scene once Load returns.
func (s *loadingScene) Update(g *game) error {
	s.ticks++
	select {
	case r := <-s.result:
		if r.err != nil {
			g.loadErr = r.err
			es := newErrorScene("could not load the world", r.err)
			es.load = s.load // F5 tries again
			g.setScene(es)
			return nil
		}
		g.setScene(newWorldScene(g, r.world, r.assets))
	default:
	}
	return nil
}

// Progress returns the fraction loaded (0 while the total is unknown).
func (s *loadingScene) Progress() float64 {
	t := s.total.Load()
	if t <= 0 {
		return 0
	}
	return min(float64(s.done.Load())/float64(t), 1)
}

// Draw shows a progress bar.
func (s *loadingScene) Draw(g *game, screen *ebiten.Image) {
	screen.Fill(view.Background)
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	bw, bh := w*2/3, 24
	x, y := (w-bw)/2, h/2-bh/2
	fillRect(screen, g.white, x-2, y-2, bw+4, bh+4, 0.1, 0.1, 0.15, 1)
	fillRect(screen, g.white, x, y, bw, bh, 0.3, 0.3, 0.35, 1)
	p := s.Progress()
	fillRect(screen, g.white, x, y, int(float64(bw)*p), bh, 0.3, 0.7, 0.35, 1)
	label := fmt.Sprintf("loading the world... %d / %d", s.done.Load(), s.total.Load())
	if s.total.Load() <= 0 {
		label = "loading the world" + "..."[:s.ticks/20%4]
	}
	ebitenutil.DebugPrintAt(screen, label, x, y-20)
}

// fillRect fills a rectangle with a colour through the white pixel.
func fillRect(dst, white *ebiten.Image, x, y, w, h int, r, gr, b, a float32) {
	if w <= 0 || h <= 0 {
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(float64(w), float64(h))
	op.GeoM.Translate(float64(x), float64(y))
	op.ColorScale.Scale(r*a, gr*a, b*a, a)
	dst.DrawImage(whitePixel(white), op)
}
