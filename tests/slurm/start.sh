#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for the shard tests
# (tests/shards.rs): its own munge key and socket, its own slurm.conf with
# one node of this machine's CPUs, its own ports, state and logs, all in DIR.
# Nothing under /etc or /run is used or changed.
#
#   tests/slurm/start.sh DIR CTLD_PORT SLURMD_PORT   start; prints the SLURM_CONF path
#   tests/slurm/stop.sh DIR                          stop every daemon it started
#
# Needs slurm-wlm and munge (Debian). Waits until the node takes jobs.
set -euo pipefail
# The daemons live in /usr/sbin, which a user's PATH may lack.
export PATH="$PATH:/usr/sbin:/sbin"
dir=$1
ctld_port=$2
slurmd_port=$3
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
user=$(id -un)
host=$(hostname -s)

# munge: a fresh key, a private socket.
mungekey --create --keyfile="$dir/munge/munge.key" --force >/dev/null
chmod 600 "$dir/munge/munge.key"
munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" \
  --seed-file="$dir/munge/munged.seed" --force

# Slurm: one node with this machine's CPUs and memory, no cgroups.
cpus=$(nproc)
mem=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
cat >"$dir/slurm.conf" <<CONF
ClusterName=puzzlelab-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=${mem:-1000} State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" -i
slurmd -f "$SLURM_CONF" -N "$host"

# Ready when the node is idle (or mixed).
for _ in $(seq 1 120); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n1 || true)
  case $state in
  idle* | mixed*) echo "$SLURM_CONF"; exit 0 ;;
  esac
  sleep 1
done
echo "slurm did not come up within 120 s (node state: ${state:-none}); logs in $dir/log" >&2
exit 1
