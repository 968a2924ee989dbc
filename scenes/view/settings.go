package view

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Settings are the viewer's remembered preferences, kept as JSON in the
// user's config directory (SettingsPath) and saved when they change.
type Settings struct {
	// InvertWheel zooms out on wheel-up; InvertMouseY turns mouse-look
	// up on a downward drag.
	InvertWheel  bool `json:"invert_wheel"`
	InvertMouseY bool `json:"invert_mouse_y"`
	// MouseSpeed scales mouse-look (1 is 0.01 rad a pixel).
	MouseSpeed float32 `json:"mouse_speed"`
	// DayFraction is the time of day the world is lit at (0 midnight).
	DayFraction float32 `json:"day_fraction"`
	// FrameGraph shows the frame-time graph (F3); HUD the HUD (F1).
	FrameGraph bool `json:"frame_graph"`
	HUD        bool `json:"hud"`
	// Width and Height are the window size last used.
	Width  int `json:"width"`
	Height int `json:"height"`
}

// DefaultSettings are the settings before any are saved.
func DefaultSettings() Settings {
	return Settings{MouseSpeed: 1, DayFraction: DefaultDayFraction, HUD: true, Width: 1280, Height: 720}
}

// SettingsPath is where the settings live: viewer.json in dereth's
// directory under os.UserConfigDir.
func SettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("settings: %w", err)
	}
	return filepath.Join(dir, "dereth", "viewer.json"), nil
}

// maxSettingsSize bounds the file read: settings are a few hundred bytes.
const maxSettingsSize = 64 << 10

// LoadSettings reads the settings at path. A missing file gives the
// defaults and no error; a file that is not valid settings gives the
// defaults and an error naming it (the viewer starts anyway). Fields the
// file lacks keep their defaults; out-of-range values are clamped.
func LoadSettings(path string) (Settings, error) {
	s := DefaultSettings()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("settings %s: %w", path, err)
	}
	if len(data) > maxSettingsSize {
		return s, fmt.Errorf("settings %s: %d bytes, more than %d", path, len(data), maxSettingsSize)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return DefaultSettings(), fmt.Errorf("settings %s: %w", path, err)
	}
	s.clamp()
	return s, nil
}

func (s *Settings) clamp() {
	d := DefaultSettings()
	if !(s.MouseSpeed >= 0.1 && s.MouseSpeed <= 10) {
		s.MouseSpeed = d.MouseSpeed
	}
	if !(s.DayFraction >= 0 && s.DayFraction < 1) {
		s.DayFraction = d.DayFraction
	}
	if s.Width < 320 || s.Height < 200 || s.Width > 16384 || s.Height > 16384 {
		s.Width, s.Height = d.Width, d.Height
	}
}

// Save writes the settings to path, creating its directory, through a
// temporary file renamed into place (a crash never leaves half a file).
func (s Settings) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("settings %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("settings %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("settings %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("settings %s: %w", path, err)
	}
	return nil
}
