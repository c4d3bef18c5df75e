"""What an SMS says in India, one module per language: the templates registered on a DLT portal
(SPEC 12.3). `handlers/dlt/wording.py` says which catalogue key is sent as which template."""
