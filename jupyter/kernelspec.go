package jupyter

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// A KernelSpec is a kernel.json: how Jupyter starts a kernel.
type KernelSpec struct {
	Argv        []string `json:"argv"`
	DisplayName string   `json:"display_name"`
	Language    string   `json:"language"`
	// InterruptMode "message" makes front ends interrupt with
	// interrupt_request on control instead of SIGINT.
	InterruptMode string            `json:"interrupt_mode,omitempty"`
	Env           map[string]string `json:"env,omitempty"`
	Metadata      map[string]any    `json:"metadata,omitempty"`
}

// InstallScope says where a kernel spec goes, as jupyter kernelspec
// install's flags do.
type InstallScope struct {
	// User installs for this user, in Jupyter's data dir.
	User bool
	// Prefix installs under PREFIX/share/jupyter.
	Prefix string
}

// KernelsDir is the kernels folder of a scope:
//   - User: $JUPYTER_DATA_DIR, else $XDG_DATA_HOME/jupyter or
//     ~/.local/share/jupyter (~/Library/Jupyter on macOS, %APPDATA%\jupyter
//     on Windows);
//   - Prefix: PREFIX/share/jupyter;
//   - neither: the system folder, /usr/local/share/jupyter
//     (%PROGRAMDATA%\jupyter on Windows);
//
// each followed by "kernels", as jupyter_core lays them out.
func KernelsDir(scope InstallScope) (string, error) {
	var data string
	switch {
	case scope.User:
		if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
			data = d
			break
		}
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home folder to install the kernel for this user: %w", err)
		}
		switch runtime.GOOS {
		case "darwin":
			data = filepath.Join(home, "Library", "Jupyter")
		case "windows":
			data = filepath.Join(os.Getenv("APPDATA"), "jupyter")
		default:
			if x := os.Getenv("XDG_DATA_HOME"); x != "" {
				data = filepath.Join(x, "jupyter")
			} else {
				data = filepath.Join(home, ".local", "share", "jupyter")
			}
		}
	case scope.Prefix != "":
		data = filepath.Join(scope.Prefix, "share", "jupyter")
	case runtime.GOOS == "windows":
		data = filepath.Join(os.Getenv("PROGRAMDATA"), "jupyter")
	default:
		data = "/usr/local/share/jupyter"
	}
	return filepath.Join(data, "kernels"), nil
}

// InstallKernelSpec writes spec as kernels/NAME/kernel.json in the
// scope's folder and returns that folder. It replaces an earlier install
// of the same name.
func InstallKernelSpec(spec KernelSpec, name string, scope InstallScope) (string, error) {
	if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
		return "", fmt.Errorf("%q is not a kernel name: use letters, digits, '.', '_' or '-'", name)
	}
	kernels, err := KernelsDir(scope)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(kernels, name)
	data, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", installError(err)
	}
	tmp, err := os.CreateTemp(dir, ".kernel.json.*")
	if err != nil {
		return "", installError(err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, "kernel.json")); err != nil {
		return "", err
	}
	return dir, nil
}

func installError(err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%w (install for this user only with --user)", err)
	}
	return err
}

// SysPrefix is the prefix of the Python environment Jupyter runs in, as
// ipykernel's --sys-prefix means: the active virtualenv or conda
// environment, else the sys.prefix of python3 on PATH.
func SysPrefix() (string, error) {
	for _, v := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		if p := os.Getenv(v); p != "" {
			return p, nil
		}
	}
	out, err := exec.Command("python3", "-c", "import sys; print(sys.prefix)").Output()
	if err != nil {
		return "", fmt.Errorf("--sys-prefix needs the Python environment Jupyter runs in, and python3 did not say: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
